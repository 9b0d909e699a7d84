import Foundation

/// Archives of Debian's en-US PocketSphinx model, built at test time in a folder a test server serves.
///
/// Inside every archive: `model/en-us/` (the acoustic model), `model/en-us.lm.bin`, `model/cmudict-en-us.dict`.
public enum TestModelArchives {
    /// Debian's en-US model (package pocketsphinx-en-us).
    public static let debianModel = URL(fileURLWithPath: "/usr/share/pocketsphinx/model/en-us", isDirectory: true)

    /// Where the acoustic model, language model and dictionary sit inside the archives.
    public static let acousticPath = "model/en-us"
    public static let languageModelPath = "model/en-us.lm.bin"
    public static let dictionaryPath = "model/cmudict-en-us.dict"

    /// Copies the model into `folder/staging/model` (the small phone LM when `small`), or, with
    /// `omitting`, without that acoustic file.
    public static func stage(in folder: URL, small: Bool = false, omitting: String? = nil) throws -> URL {
        let staging = folder.appendingPathComponent("staging-\(UUID().uuidString)", isDirectory: true)
        let model = staging.appendingPathComponent("model", isDirectory: true)
        let files = FileManager.default
        try files.createDirectory(at: model, withIntermediateDirectories: true)
        try files.copyItem(
            at: debianModel.appendingPathComponent("en-us"), to: model.appendingPathComponent("en-us"))
        if let omitting { try files.removeItem(at: model.appendingPathComponent("en-us/\(omitting)")) }
        try files.copyItem(
            at: debianModel.appendingPathComponent(small ? "en-us-phone.lm.bin" : "en-us.lm.bin"),
            to: model.appendingPathComponent("en-us.lm.bin"))
        try files.copyItem(
            at: debianModel.appendingPathComponent("cmudict-en-us.dict"),
            to: model.appendingPathComponent("cmudict-en-us.dict"))
        return staging
    }

    /// Builds `name` (.tar.gz, .tar.bz2 or .zip, told by its ending) in `folder` with the tar and zip tools.
    @discardableResult
    public static func build(
        _ name: String, in folder: URL, small: Bool = false, omitting: String? = nil
    ) throws -> URL {
        let staging = try stage(in: folder, small: small, omitting: omitting)
        defer { try? FileManager.default.removeItem(at: staging) }
        let output = folder.appendingPathComponent(name)
        let result: (status: Int32, output: String)
        if name.hasSuffix(".zip") {
            result = try runProgram("/usr/bin/zip", ["-q", "-r", output.path, "model"], in: staging)
        } else {
            let flag = name.hasSuffix(".bz2") ? "-cjf" : "-czf"
            result = try runProgram("/bin/tar", [flag, output.path, "model"], in: staging)
        }
        guard result.status == 0 else { throw CocoaError(.fileWriteUnknown) }
        return output
    }

    /// Builds a hostile .tar.gz (kinds: dotdot, absolute, symlink, symlinkonly) with Tests/Fixtures/hostile_archive.py.
    @discardableResult
    public static func hostile(_ kind: String, in folder: URL) throws -> URL {
        let output = folder.appendingPathComponent("hostile-\(kind).tar.gz")
        let script = PackagePaths.fixtures.appendingPathComponent("hostile_archive.py").path
        let result = try runProgram("/usr/bin/python3", [script, kind, output.path, debianModel.path])
        guard result.status == 0 else { throw CocoaError(.fileWriteUnknown) }
        return output
    }

    /// A copy of `archive` cut to `fraction` of its length.
    @discardableResult
    public static func truncated(_ archive: URL, to name: String, fraction: Double = 0.5) throws -> URL {
        let data = try Data(contentsOf: archive)
        let output = archive.deletingLastPathComponent().appendingPathComponent(name)
        try data.prefix(Int(Double(data.count) * fraction)).write(to: output)
        return output
    }

    /// The lowercase hex sha256 of a file, by `sha256sum`.
    public static func sha256(_ file: URL) throws -> String {
        let result = try runProgram("/usr/bin/sha256sum", [file.path])
        return String(result.output.prefix(64))
    }
}
