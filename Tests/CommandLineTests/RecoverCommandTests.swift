import Foundation
import SQLiteStore
import StationCore
import StationTestSupport
import Testing

/// `dictation-station recover` and the orphan notice of the subcommands, through the real binary with
/// Debian's en-US model and a real SQLite file.
@Suite("dictation-station recover", .serialized)
struct RecoverCommandTests {
    static func sample() throws -> LibriVoxSamples.Sample { try #require(try LibriVoxSamples.all().first) }

    @Test("an emptied database beside audio is said, not hidden; recover makes the report again, exactly once")
    func emptiedDatabase() throws {
        let sample = try Self.sample()
        let data = try AudioFixtures.temporaryDirectory("recover").appendingPathComponent("data").path
        let imported = try StationBinary.run(
            ["--data-dir", data, "import", "--session", "Ward round", "--locale", "en-US", sample.file.path])
        try #require(imported.status == 0, "\(imported.standardError)")
        let database = URL(fileURLWithPath: data).appendingPathComponent("station.sqlite3")
        // `: > station.sqlite3`: the file is there, empty.
        try FileHandle(forWritingTo: database).truncate(atOffset: 0)
        for file in ["station.sqlite3-wal", "station.sqlite3-shm"] {
            try? FileManager.default.removeItem(atPath: data + "/" + file)
        }

        let listed = try StationBinary.run(["--data-dir", data, "reports"])
        #expect(listed.status == 0)
        #expect(
            listed.standardError.contains(
                "The database is empty but audio/ holds 1 recording: run `dictation-station recover`"),
            "\(listed.standardError)")
        let json = try StationBinary.run(["--data-dir", data, "reports", "--json"])
        #expect(json.standardError.isEmpty, "output scripts read stays as it was: \(json.standardError)")

        let list = try StationBinary.run(["--data-dir", data, "recover", "--list"])
        #expect(list.status == 0)
        let audio = try FileManager.default.contentsOfDirectory(atPath: data + "/audio")
        #expect(audio.count == 1)
        let name = try #require(audio.first)
        #expect(list.standardOutput.contains(name), "\(list.standardOutput)")

        let recovered = try StationBinary.run(["--data-dir", data, "recover"])
        #expect(recovered.status == 0, "\(recovered.standardError)")
        #expect(recovered.standardOutput.contains("Recovered \(name) as report 1"), "\(recovered.standardOutput)")

        let again = try StationBinary.run(["--data-dir", data, "recover"])
        #expect(again.status == 0)
        #expect(again.standardOutput.contains("nothing to recover"), "\(again.standardOutput)")

        #expect(
            try StationBinary.run(["--data-dir", data, "reports"]).standardError.isEmpty,
            "no notice once every recording has its report")
        let reports = try StationBinary.run(["--data-dir", data, "reports", "--json"])
        let rows = try #require(
            JSONSerialization.jsonObject(with: Data(reports.standardOutput.utf8)) as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["sessionName"] as? String == "Recovered \(name)")
        #expect(rows.first?["audioFile"] as? String == data + "/audio/" + name, "the audio stays with its report")
        let text = try #require(rows.first?["text"] as? String)
        #expect(WordErrorRate.rate(hypothesis: text, reference: sample.reference) <= 0.5, "\(text)")
        #expect(FileManager.default.fileExists(atPath: data + "/audio/" + name))
    }

    @Test("a missing database beside audio is said too")
    func missingDatabase() throws {
        let data = try AudioFixtures.temporaryDirectory("recover").appendingPathComponent("data")
        let paths = StationPaths(dataDirectory: data)
        try paths.createDirectories()
        try Data("RIFF".utf8).write(to: paths.audioDirectory.appendingPathComponent("s-1.wav"))
        let listed = try StationBinary.run(["--data-dir", data.path, "reports"])
        #expect(listed.standardError.contains("The database is empty but audio/ holds 1 recording"))
        let list = try StationBinary.run(["--data-dir", data.path, "recover", "--list"])
        #expect(list.standardOutput.contains("s-1.wav"))
    }

    @Test("a recording that cannot be transcribed is kept, said, and found again next time")
    func failureKeepsTheRecording() throws {
        let data = try AudioFixtures.temporaryDirectory("recover").appendingPathComponent("data")
        let paths = StationPaths(dataDirectory: data)
        try paths.createDirectories()
        let junk = paths.audioDirectory.appendingPathComponent("junk.wav")
        try Data("not audio at all".utf8).write(to: junk)
        let run = try StationBinary.run(["--data-dir", data.path, "recover"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("junk.wav: it could not be transcribed"), "\(run.standardError)")
        #expect(!run.standardError.contains("Error Domain"), "\(run.standardError)")
        #expect(FileManager.default.fileExists(atPath: junk.path))
        let list = try StationBinary.run(["--data-dir", data.path, "recover", "--list"])
        #expect(list.standardOutput.contains("junk.wav"))
    }
}

@Suite("dictation-station import: locale and errors", .serialized)
struct ImportLocaleAndErrorTests {
    @Test("an import into an existing en-US session uses its locale, not the station's chosen nl-NL")
    func sessionLocaleWins() async throws {
        let sample = try RecoverCommandTests.sample()
        let data = try AudioFixtures.temporaryDirectory("import-locale").appendingPathComponent("data")
        let paths = StationPaths(dataDirectory: data)
        do {
            let database = try await StationDatabase.open(paths)
            try await database.setSetting(SettingKey.locale, "nl-NL")
            let now = Date()
            try await database.save(
                SessionRecord(
                    id: SessionID.make(), name: "Ward round", locale: "en-US", state: .notRecording, elapsed: .zero,
                    audioFile: nil, created: now, updated: now))
        }
        let run = try StationBinary.run([
            "--data-dir", data.path, "import", "--session", "Ward round", sample.file.path,
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let listed = try StationBinary.run(["--data-dir", data.path, "reports", "--json"])
        let rows = try #require(
            JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]])
        #expect(rows.first?["locale"] as? String == "en-US")

        // --locale still overrides it (nl-NL is not installed here, so that import fails, and says why).
        let forced = try StationBinary.run(
            ["--data-dir", data.path, "import", "--session", "Ward round", "--locale", "nl-NL", sample.file.path])
        #expect(forced.status == 1)
        #expect(forced.standardError.contains("nl-NL"), "\(forced.standardError)")
    }

    @Test("importing a missing file says so in a sentence with what to do, no system error dump")
    func missingFile() throws {
        let data = try AudioFixtures.temporaryDirectory("import-missing").appendingPathComponent("data").path
        let run = try StationBinary.run(["--data-dir", data, "import", "--session", "Ward round", "/nonexistent/r.wav"])
        #expect(run.status == 1)
        #expect(
            run.standardError
                == "dictation-station: /nonexistent/r.wav: there is no such file; check the name and the folder, "
                + "or whether the recorder is still connected.\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: data + "/audio").isEmpty, "nothing left behind")
    }
}
