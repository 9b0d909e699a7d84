import Foundation
import StationTestSupport
import Testing

/// Links planted in the data directory, and files others can read there: a link in place of one of the
/// station's own files or folders is refused with a clear message and nothing goes through it; modes
/// too open are made private.
@Suite("Survives: links and loose modes in the data directory")
struct DataDirectoryLinkTests {
    /// A data directory and, beside it, the place a planted link points to.
    struct Planted {
        let folder: TemporaryFolder
        var data: URL { folder.url.appendingPathComponent("data") }
        var elsewhere: URL { folder.url.appendingPathComponent("elsewhere") }

        init(_ label: String) throws {
            folder = try TemporaryFolder(label)
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        }

        /// Plants `name` as a link to a world-readable folder or file outside the data directory.
        func plant(_ name: String, folder isFolder: Bool) throws -> URL {
            let target = elsewhere.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            if isFolder {
                try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
                try setMode(0o755, target)
            } else {
                try Data("outside\n".utf8).write(to: target)
                try setMode(0o644, target)
            }
            try FileManager.default.createSymbolicLink(
                at: data.appendingPathComponent(name), withDestinationURL: target)
            return target
        }

        func run(_ arguments: [String]) throws -> StationBinary.Outcome {
            try StationBinary.run(["--data-dir", data.path] + arguments)
        }
    }

    static func mode(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    static func setMode(_ mode: Int, _ url: URL) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }

    /// Each of the station's own names, and whether it is a folder.
    static let ownNames: [(String, Bool)] = [
        ("audio", true), ("station.log", false), ("station.sqlite3", false), ("exports", true), ("models", true),
        ("profiles", true), ("vocabulary", true),
    ]

    @Test(
        "a link in place of audio, station.log, station.sqlite3, exports, models, profiles or vocabulary is refused; nothing goes through it",
        arguments: ownNames)
    func refusesLinks(name: String, isFolder: Bool) throws {
        let planted = try Planted("link-\(name)")
        defer { planted.folder.remove() }
        let target = try planted.plant(name, folder: isFolder)
        for arguments in [["reports"], ["reports", "--json"], ["transcribe", "/nonexistent.wav"]] {
            let outcome = try planted.run(arguments)
            #expect(outcome.status == 1, "\(arguments): \(outcome.standardError)")
            #expect(
                outcome.standardError.contains("\(planted.data.path)/\(name) is a symbolic link"),
                "\(arguments): \(outcome.standardError)")
        }
        // Nothing was written, created or chmodded through the link.
        if isFolder {
            #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).isEmpty)
            #expect(try Self.mode(target) == 0o755)
        } else {
            #expect(try String(contentsOf: target, encoding: .utf8) == "outside\n")
            #expect(try Self.mode(target) == 0o644)
        }
        #expect(
            !FileManager.default.fileExists(
                atPath: planted.elsewhere.appendingPathComponent("station.sqlite3-wal").path))
    }

    @Test(
        "the station itself refuses to start on a planted audio or station.log link, saying why",
        arguments: ["audio", "station.log"])
    func stationRefuses(name: String) throws {
        let terminal = try StationInTmux("link-station")
        try FileManager.default.createDirectory(atPath: terminal.data, withIntermediateDirectories: true)
        let planted = terminal.directory.appendingPathComponent("elsewhere")
        if name == "audio" {
            try FileManager.default.createDirectory(at: planted, withIntermediateDirectories: false)
        } else {
            try Data().write(to: planted)
        }
        try Self.setMode(0o755, planted)
        try FileManager.default.createSymbolicLink(
            atPath: terminal.data + "/" + name, withDestinationPath: planted.path)
        // The station exits before its first frame; the shell keeps the pane (and its message) open.
        let station = [TmuxSession.binary.path, "--data-dir", terminal.data].map(TmuxSession.quote).joined(
            separator: " ")
        let tmux = try TmuxSession(
            command: ["/bin/sh", "-c", "\(station); echo \"exit=$?\"; sleep 60"],
            environment: [
                "XDG_RUNTIME_DIR": terminal.runtime.path, "TERM": "screen-256color", "HOME": terminal.directory.path,
            ])
        defer { tmux.shutDown() }
        let screen = try tmux.waitFor("exit=").replacingOccurrences(of: "\n", with: "")
        #expect(screen.contains("exit=1"), "\(screen)")
        #expect(screen.contains("is a symbolic link"), "\(screen)")
        #expect(try Self.mode(planted) == 0o755)
        if name == "audio" {
            #expect(try FileManager.default.contentsOfDirectory(atPath: planted.path).isEmpty)
        } else {
            #expect(try Data(contentsOf: planted).isEmpty)
        }
    }

    @Test("files readable by others become 0600 and folders 0700, the audio and exports inside them too")
    func tightensModes() async throws {
        let planted = try Planted("modes")
        defer { planted.folder.remove() }
        let data = planted.data
        #expect(try planted.run(["reports"]).status == 0)
        let audio = data.appendingPathComponent("audio")
        let exports = data.appendingPathComponent("exports")
        try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: false)
        let recording = audio.appendingPathComponent("old.wav")
        let exported = exports.appendingPathComponent("report-1.txt")
        try Data("RIFF".utf8).write(to: recording)
        try Data("text".utf8).write(to: exported)
        try Data().write(to: data.appendingPathComponent("station.log"))
        let files = [
            data.appendingPathComponent("station.sqlite3"), data.appendingPathComponent("station.log"), recording,
            exported,
        ]
        let folders = [data, audio, exports, data.appendingPathComponent("models")]
        for file in files { try Self.setMode(0o644, file) }
        for folder in folders { try Self.setMode(0o755, folder) }

        let outcome = try planted.run(["reports"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        for file in files { #expect(try Self.mode(file) == 0o600, "\(file.lastPathComponent)") }
        for folder in folders { #expect(try Self.mode(folder) == 0o700, "\(folder.lastPathComponent)") }
    }
}
