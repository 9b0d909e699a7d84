import Foundation
import Localization
import StationCore

/// The files a PocketSphinx model needs, checked before an install is put in place, and the installed
/// folder's layout: `acoustic/`, `language-model.<ext>`, `dictionary.<ext>` and `model.json`.
enum ModelLayout {
    static let acousticFiles = ["mdef", "means", "variances", "transition_matrices", "feat.params", "noisedict"]
    static let languageModelSuffixes = [".lm.bin", ".lm.dmp", ".lm", ".dmp"]
    static let dictionarySuffixes = [".dict", ".dic"]
    static let compressionSuffixes = [".gz", ".bz2", ".xz"]
    static let archiveSuffixes = [".tar.gz", ".tgz", ".tar.bz2", ".tbz2", ".tar.xz", ".tar", ".zip"]

    /// Whether a downloaded file's name says it is an archive to unpack (rather than a single file).
    static func isArchive(_ name: String) -> Bool {
        let lower = name.lowercased()
        return archiveSuffixes.contains { lower.hasSuffix($0) }
    }

    /// The compression suffix of a single file (`.gz`, …), or nil.
    static func compressionSuffix(_ name: String) -> String? {
        let lower = name.lowercased()
        return compressionSuffixes.first { lower.hasSuffix($0) }
    }

    /// Checks that the three parts are there and look like what they must be.
    static func check(acoustic: URL, languageModel: URL, dictionary: URL) throws {
        guard isDirectory(acoustic) else {
            throw InstallFailure.incompleteModel(
                tr("the acoustic model folder \(acoustic.lastPathComponent) is missing"))
        }
        let missing = acousticFiles.filter { !isRegularFile(acoustic.appendingPathComponent($0)) }
        guard missing.isEmpty else {
            throw InstallFailure.incompleteModel(tr("the acoustic model lacks \(missing.joined(separator: ", "))"))
        }
        guard isRegularFile(languageModel), suffix(of: languageModel, in: languageModelSuffixes) != nil else {
            throw InstallFailure.incompleteModel(tr("no language model (\(languageModel.lastPathComponent))"))
        }
        guard isRegularFile(dictionary), suffix(of: dictionary, in: dictionarySuffixes) != nil else {
            throw InstallFailure.incompleteModel(tr("no pronunciation dictionary (\(dictionary.lastPathComponent))"))
        }
    }

    /// Moves the checked parts into `folder` under their installed names and writes the manifest last.
    static func assemble(
        locale: String, acoustic: URL, languageModel: URL, dictionary: URL, into folder: URL
    ) throws {
        let files = FileManager.default
        try files.createDirectory(
            at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let manifest = ModelManifest(
            locale: locale, acousticModel: "acoustic",
            languageModel: "language-model" + (suffix(of: languageModel, in: languageModelSuffixes) ?? ".lm"),
            dictionary: "dictionary" + (suffix(of: dictionary, in: dictionarySuffixes) ?? ".dict"))
        // The language model and dictionary may sit inside the acoustic folder: move them out first.
        try files.moveItem(at: languageModel, to: folder.appendingPathComponent(manifest.languageModel))
        try files.moveItem(at: dictionary, to: folder.appendingPathComponent(manifest.dictionary))
        try files.moveItem(at: acoustic, to: folder.appendingPathComponent(manifest.acousticModel, isDirectory: true))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let manifestFile = folder.appendingPathComponent(ModelManifest.fileName)
        try encoder.encode(manifest).write(to: manifestFile, options: .atomic)
        try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: manifestFile.path)
    }

    /// The installed model in `folder`, or nil when its manifest is missing or names missing parts.
    static func installedModel(in folder: URL) -> SpeechModel? {
        let manifestFile = folder.appendingPathComponent(ModelManifest.fileName)
        guard let data = try? Data(contentsOf: manifestFile),
            let manifest = try? JSONDecoder().decode(ModelManifest.self, from: data)
        else { return nil }
        let model = manifest.model(in: folder)
        guard
            (try? check(acoustic: model.acousticModel, languageModel: model.languageModel, dictionary: model.dictionary))
                != nil
        else { return nil }
        return model
    }

    private static func suffix(of file: URL, in suffixes: [String]) -> String? {
        let lower = file.lastPathComponent.lowercased()
        return suffixes.first { lower.hasSuffix($0) }
    }

    static func isDirectory(_ url: URL) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
    }

    static func isRegularFile(_ url: URL) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && !directory.boolValue
    }
}
