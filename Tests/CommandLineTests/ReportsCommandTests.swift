import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import SQLiteStore

@Suite("dictation-station reports")
struct ReportsCommandTests {
    /// A data directory holding three reports, the middle one corrected, with audio files.
    final class Fixture: Sendable {
        let paths: StationPaths
        let ids: [Int64]
        let audio: URL

        init() async throws {
            paths = StationPaths(
                dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent(
                    "reports-command-\(UUID().uuidString)"))
            let database = try await StationDatabase.open(paths)
            audio = paths.audioDirectory.appendingPathComponent("jansen.wav")
            try Data("RIFF".utf8).write(to: audio)
            // The first is a draft of the logged-in user's, which they may delete.
            let reports = [
                ("Room 12 – Mrs Jansen", "Wound clean and dry.\nDressing changed.", audio, Self.me),
                ("Zimmer 3 – Frau Özdemir", "Schmerzen im Knie.", nil, nil),
                ("Ward round", "All patients seen.", nil, nil),
            ]
            var ids: [Int64] = []
            for (minute, (session, text, audio, author)) in reports.enumerated() {
                let report = try await database.add(
                    NewReport(
                        sessionName: session, locale: "en-US",
                        created: Date(timeIntervalSince1970: 1_780_000_000 + Double(minute) * 60),
                        audioDuration: .seconds(65 + minute), audioFile: audio, text: text, author: author))
                ids.append(report.id)
            }
            _ = try await database.revise(
                id: ids[1], text: "Schmerzen im linken Knie.", at: Date(timeIntervalSince1970: 1_780_000_500), by: nil,
                reason: nil)
            self.ids = ids
        }

        deinit { try? FileManager.default.removeItem(at: paths.dataDirectory) }

        static let me = getpwuid(getuid()).flatMap { $0.pointee.pw_name.map { String(cString: $0) } } ?? "?"

        func run(_ arguments: [String]) throws -> StationBinary.Outcome {
            try StationBinary.run(["--data-dir", paths.dataDirectory.path] + arguments)
        }
    }

    @Test("lists reports newest first: id, created, patient, author, type, status, session, duration, first line")
    func list() async throws {
        let fixture = try await Fixture()
        let outcome = try fixture.run(["reports"])
        #expect(outcome.status == 0)
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("ID  CREATED"))
        #expect(lines[1].hasPrefix(" 3  2026-05-28 20:28     —  "))
        #expect(lines[1].contains("unknown author  Progress note       draft      Ward round "))
        #expect(lines[2].contains("corrected  Zimmer 3 – Frau Özdemir"), "a corrected report says so")
        #expect(lines[2].hasSuffix("01:06  Schmerzen im linken Knie."))
        #expect(lines[3].hasSuffix("01:05  Wound clean and dry."), "only the first line of the text")
    }

    @Test("searches by prefix, ignoring accents, through the data directory from the environment")
    func search() async throws {
        let fixture = try await Fixture()
        let outcome = try StationBinary.run(
            ["reports", "--search", "ozdem"], environment: ["DICTATION_STATION_HOME": fixture.paths.dataDirectory.path])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("Frau Özdemir"))
        #expect(!outcome.standardOutput.contains("Jansen"))
        let none = try fixture.run(["reports", "--search", "nobody"])
        #expect(none.status == 0)
        #expect(none.standardOutput == "No reports match \"nobody\".\n")
    }

    @Test("--json lists every field as JSON")
    func json() async throws {
        let fixture = try await Fixture()
        let outcome = try fixture.run(["reports", "--json"])
        #expect(outcome.status == 0)
        let array = try #require(
            JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [[String: Any]])
        #expect(array.map { $0["id"] as? Int } == fixture.ids.reversed().map { Int($0) })
        #expect(array[1]["originalText"] as? String == "Schmerzen im Knie.")
        #expect(array[1]["text"] as? String == "Schmerzen im linken Knie.")
        #expect(array[2]["audioFile"] as? String == fixture.audio.path)
    }

    @Test("show prints the fields, the text and the original transcript")
    func show() async throws {
        let fixture = try await Fixture()
        let outcome = try fixture.run(["reports", "show", String(fixture.ids[1])])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("Session:  Zimmer 3 – Frau Özdemir"))
        #expect(outcome.standardOutput.contains("Revised:  1 time, last 28 May 2026 20:35"))
        #expect(outcome.standardOutput.contains("\n\nSchmerzen im linken Knie.\n"))
        #expect(outcome.standardOutput.hasSuffix("Original transcript:\nSchmerzen im Knie.\n"))
    }

    @Test("export --format fhir writes a DocumentReference carrying the text")
    func exportFHIR() async throws {
        let fixture = try await Fixture()
        let outcome = try fixture.run(["reports", "export", String(fixture.ids[0]), "--format", "fhir"])
        #expect(outcome.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        #expect(object["resourceType"] as? String == "DocumentReference")
        let content = try #require(object["content"] as? [[String: Any]])
        let attachment = try #require(content.first?["attachment"] as? [String: Any])
        let base64 = try #require(attachment["data"] as? String)
        let text = try #require(Data(base64Encoded: base64))
        #expect(String(decoding: text, as: UTF8.self) == "Wound clean and dry.\nDressing changed.")
        let json = try fixture.run(["reports", "export", String(fixture.ids[1]), "--format=json"])
        #expect(json.standardOutput.contains("\"revisions\""))
        let plain = try fixture.run(["reports", "export", String(fixture.ids[2])])
        #expect(plain.standardOutput.hasPrefix("Report \(fixture.ids[2]) · DRAFT, NOT SIGNED\n"), "a draft says so")
    }

    @Test("delete removes a draft of yours and its audio file (--yes: no terminal to ask on)")
    func delete() async throws {
        let fixture = try await Fixture()
        let outcome = try fixture.run(["reports", "delete", String(fixture.ids[0]), "--yes"])
        #expect(outcome.status == 0)
        #expect(!FileManager.default.fileExists(atPath: fixture.audio.path))
        let list = try fixture.run(["reports"])
        #expect(!list.standardOutput.contains("Jansen"))
        #expect(list.standardOutput.split(separator: "\n").count == 3)
    }

    @Test(
        "an unknown id gives a clear message and exit status 1",
        arguments: [["show", "99"], ["delete", "99"], ["export", "99", "--format", "fhir"]])
    func unknownID(arguments: [String]) async throws {
        let fixture = try await Fixture()
        let outcome = try fixture.run(["reports"] + arguments)
        #expect(outcome.status == 1)
        #expect(outcome.standardError == "dictation-station: There is no report 99.\n")
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test(
        "a wrong command line gives the usage and exit status 2",
        arguments: [
            ["show"], ["show", "abc"], ["export", "1", "--format", "pdf"], ["--colour"], ["delete", "1", "2"],
        ])
    func wrongCommandLine(arguments: [String]) async throws {
        let fixture = try await Fixture()
        let outcome = try fixture.run(["reports"] + arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("reports export ID [--format text|json|fhir]"))
        #expect(try fixture.run(["reports"]).standardOutput.split(separator: "\n").count == 4, "nothing was deleted")
    }

    @Test("a database of a newer version is refused with a clear message and exit status 1")
    func newerDatabase() async throws {
        let fixture = try await Fixture()
        // Mark the database as a newer station would have left it.
        try Connection(path: fixture.paths.database.path).execute("PRAGMA user_version = 7")
        let outcome = try fixture.run(["reports"])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("written by a newer version of Dictation Station (schema 7"))
    }
}
