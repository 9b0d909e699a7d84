import Foundation
import SQLiteStore
import StationCore
import StationTestSupport
import Testing

/// Report text, session names and file names carrying escape sequences, printed by the real binary: a
/// terminal gets visible symbols, never a control byte; JSON and FHIR carry the exact text, escaped;
/// `--tsv` keeps each file on one line.
@Suite("Survives: hostile text on the command line", .serialized)
struct HostileCommandLineTextTests {
    static let title = "\u{1B}]0;pwned\u{07}"
    static let clear = "\u{1B}[2J"
    static let session = "Room 12 \(title)\(clear)\u{202E}"
    static let text = "Wound \(clear)clean\r\u{9B}31m overwritten \u{202E}desrever\u{7F}\nsecond line \(title)"
    static let corrected = "Corrected \(title) text\u{2028}after a separator"

    /// A data directory holding one report with a hostile session name, text, correction and audio file name.
    final class Fixture {
        let folder: TemporaryFolder
        var data: String { folder.url.appendingPathComponent("data").path }
        var id: Int64 = 0

        init() async throws {
            folder = try TemporaryFolder("hostile-text")
            let paths = StationPaths(dataDirectory: URL(fileURLWithPath: data))
            let database = try await StationDatabase.open(paths)
            let audio = paths.audioDirectory.appendingPathComponent("a\(HostileCommandLineTextTests.clear).wav")
            try Data("RIFF".utf8).write(to: audio)
            let report = try await database.add(
                NewReport(
                    sessionName: HostileCommandLineTextTests.session, locale: "en-US",
                    created: Date(timeIntervalSince1970: 1_780_000_000), audioDuration: .seconds(5), audioFile: audio,
                    text: HostileCommandLineTextTests.text))
            _ = try await database.revise(
                id: report.id, text: HostileCommandLineTextTests.corrected,
                at: Date(timeIntervalSince1970: 1_780_000_100), by: nil, reason: nil)
            id = report.id
        }

        deinit { folder.remove() }

        func run(_ arguments: [String]) throws -> StationBinary.Outcome {
            try StationBinary.run(["--data-dir", data] + arguments)
        }
    }

    /// The control characters a terminal could act on, as found in `output` (line breaks and tabs allowed).
    static func rawControls(_ output: String) -> [String] {
        output.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x09, 0x0A: false
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
                true
            default: false
            }
        }.map { String(format: "U+%04X", $0.value) }
    }

    @Test("reports, reports show and export --format text show escape sequences as symbols")
    func textOutput() async throws {
        let fixture = try await Fixture()
        let id = String(fixture.id)
        for arguments in [
            ["reports"], ["reports", "--search", "room"], ["reports", "show", id], ["reports", "export", id],
        ] {
            let outcome = try fixture.run(arguments)
            #expect(outcome.status == 0, "\(arguments): \(outcome.standardError)")
            #expect(
                Self.rawControls(outcome.standardOutput).isEmpty,
                "\(arguments): \(Self.rawControls(outcome.standardOutput))")
            #expect(
                outcome.standardOutput.contains("Room 12 ␛]0;pwned␇␛[2J"), "\(arguments): \(outcome.standardOutput)")
        }
        let shown = try fixture.run(["reports", "show", id]).standardOutput
        #expect(shown.contains("Corrected ␛]0;pwned␇ text\u{FFFD}after a separator"))
        #expect(shown.contains("Wound ␛[2Jclean␍\u{FFFD}31m overwritten \u{FFFD}desrever␡"))
        #expect(shown.contains("/a␛[2J.wav"))
        let listed = try fixture.run(["reports"]).standardOutput.split(separator: "\n")
        #expect(listed.count == 2, "one row per report, whatever the text holds: \(listed)")
    }

    @Test("reports --json and export --format json carry the exact text, with every control escaped")
    func jsonOutput() async throws {
        let fixture = try await Fixture()
        let list = try fixture.run(["reports", "--json"])
        #expect(list.status == 0)
        #expect(Self.rawControls(list.standardOutput).isEmpty, "\(Self.rawControls(list.standardOutput))")
        let listed = try #require(
            try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
        #expect(listed.first?["sessionName"] as? String == Self.session)
        #expect(listed.first?["text"] as? String == Self.corrected)
        #expect(listed.first?["originalText"] as? String == Self.text)

        let export = try fixture.run(["reports", "export", String(fixture.id), "--format", "json"])
        #expect(Self.rawControls(export.standardOutput).isEmpty, "\(Self.rawControls(export.standardOutput))")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(export.standardOutput.utf8)) as? [String: Any])
        #expect(object["sessionName"] as? String == Self.session)
        #expect(object["originalText"] as? String == Self.text)
        #expect(object["text"] as? String == Self.corrected)
        #expect(export.standardOutput.contains(#"\u009B"#) && export.standardOutput.contains(#"\u202E"#))
    }

    @Test("export --format fhir carries the exact session name and text")
    func fhirOutput() async throws {
        let fixture = try await Fixture()
        let export = try fixture.run(["reports", "export", String(fixture.id), "--format", "fhir"])
        #expect(export.status == 0)
        #expect(Self.rawControls(export.standardOutput).isEmpty, "\(Self.rawControls(export.standardOutput))")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(export.standardOutput.utf8)) as? [String: Any])
        #expect(object["description"] as? String == Self.session)
        let content = try #require((object["content"] as? [[String: Any]])?.first?["attachment"] as? [String: Any])
        #expect(content["title"] as? String == "Dictation: \(Self.session)")
        let encoded = try #require(content["data"] as? String)
        let data = try #require(Data(base64Encoded: encoded))
        #expect(String(decoding: data, as: UTF8.self) == Self.corrected)
    }

    @Test("transcribe shows hostile file names as symbols, in its output and its errors; --tsv escapes them")
    func transcribeFileNames() throws {
        let folder = try TemporaryFolder("hostile-files")
        defer { folder.remove() }
        let sample = try #require(try LibriVoxSamples.all().first)
        let named = folder.url.appendingPathComponent("take \(Self.title).wav")
        try FileManager.default.copyItem(at: sample.file, to: named)
        let tabbed = folder.url.appendingPathComponent("two\tcolumns\nlines\(Self.clear).wav")
        try FileManager.default.copyItem(at: sample.file, to: tabbed)
        let missing = folder.url.appendingPathComponent("gone \(Self.clear).wav")
        let data = folder.url.appendingPathComponent("data").path

        let plain = try StationBinary.run(["--data-dir", data, "transcribe", named.path, missing.path])
        #expect(plain.status == 1)
        #expect(Self.rawControls(plain.standardOutput + plain.standardError).isEmpty)
        #expect(
            plain.standardOutput.contains("== \(folder.url.path)/take ␛]0;pwned␇.wav =="), "\(plain.standardOutput)")
        #expect(plain.standardError.contains("gone ␛[2J.wav"), "\(plain.standardError)")

        let tsv = try StationBinary.run(["--data-dir", data, "transcribe", "--tsv", named.path, tabbed.path])
        #expect(tsv.status == 0, "\(tsv.standardError)")
        #expect(Self.rawControls(tsv.standardOutput).isEmpty)
        let lines = tsv.standardOutput.split(separator: "\n")
        #expect(lines.count == 2, "one line per file: \(lines)")
        #expect(lines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 2 })
        #expect(lines[0].hasPrefix("\(folder.url.path)/take \\u001B]0;pwned\\u0007.wav\t"), "\(lines[0])")
        #expect(lines[1].hasPrefix("\(folder.url.path)/two\\tcolumns\\nlines\\u001B[2J.wav\t"), "\(lines[1])")
    }

    @Test("error messages show what the person typed as symbols")
    func errorMessages() throws {
        let folder = try TemporaryFolder("hostile-errors")
        defer { folder.remove() }
        let data = folder.url.appendingPathComponent("data").path
        for arguments in [
            [Self.title], ["reports", "--search", "x", Self.clear],
            ["import", "--session", "S", "/gone\(Self.title).wav"],
        ] {
            let outcome = try StationBinary.run(["--data-dir", data] + arguments)
            #expect(outcome.status != 0)
            #expect(
                Self.rawControls(outcome.standardError).isEmpty,
                "\(arguments): \(Self.rawControls(outcome.standardError))")
            #expect(outcome.standardError.contains("␛"), "\(arguments): \(outcome.standardError)")
        }
    }

    @Test("in tmux, reports show neither sets the pane title nor clears the screen")
    func inTmux() async throws {
        let fixture = try await Fixture()
        let command = [TmuxSession.binary.path, "--data-dir", fixture.data, "reports", "show", String(fixture.id)]
        let tmux = try TmuxSession(
            command: [
                "/bin/sh", "-c", "echo before; \(command.map(TmuxSession.quote).joined(separator: " ")); sleep 60",
            ],
            environment: ["TERM": "screen-256color", "TZ": "UTC"])
        defer { tmux.shutDown() }
        let screen = try tmux.waitFor("Original transcript")
        #expect(screen.contains("before"), "the screen was not cleared: \(screen)")
        #expect(screen.contains("␛]0;pwned␇"))
        #expect(try tmux.format("#{pane_title}") != "pwned")
    }
}
