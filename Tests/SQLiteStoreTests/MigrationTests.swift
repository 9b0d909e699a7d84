import CSQLite3
import Foundation
import StationCore
import Testing

@testable import SQLiteStore

@Suite("SQLite schema versions")
struct MigrationTests {
    /// Writes a database as the first schema did, with the SQL of that time, bypassing the store.
    private func writeVersion1(at path: String) throws {
        let connection = try Connection(path: path)
        try connection.execute(Schema.version1)
        try connection.execute("PRAGMA user_version = 1")
        try connection.prepared(
            """
            INSERT INTO reports (session_name, locale, created_us, duration_us, audio_file, original_text, text, status)
            VALUES (?, 'nl-NL', 1780000000000000, 61000000, '/data/audio/a.wav', ?, ?, 'final')
            """
        ).run([.text("Kamer 9 – Mw. Özdemir"), .text("oorspronkelijke tekst"), .text("verbeterde tekst")])
        try connection.prepared("INSERT INTO revisions VALUES (1, 1, 'verbeterde tekst', 1780000060000000)").run()
        try connection.prepared("INSERT INTO settings VALUES ('locale', 'nl-NL')").run()
        try connection.prepared(
            "INSERT INTO sessions VALUES ('s1', 'Visite', 'nl-NL', 'paused', 5000000, '/data/audio/s1.wav', 1, 2)"
        ).run()
    }

    @Test("a database of the first schema, with data in it, is migrated and keeps everything")
    func migratesVersion1() async throws {
        let directory = TestDataDirectory()
        try directory.paths.createDirectories()
        try writeVersion1(at: directory.paths.database.path)

        let database = try await directory.open()
        #expect(try await database.schemaVersion() == Schema.latestVersion)
        let report = try #require(try await database.report(id: 1))
        #expect(report.sessionName == "Kamer 9 – Mw. Özdemir")
        #expect(report.originalText == "oorspronkelijke tekst")
        #expect(report.text == "verbeterde tekst")
        #expect(report.status == .signed, "a report final before phases existed is signed (by someone unknown)")
        #expect(report.author == nil, "authors were not recorded then: shown as unknown")
        #expect(report.authorName == "unknown author")
        #expect(report.properties == DictationProperties())
        #expect(try await database.events(id: 1).map(\.action) == [.created, .corrected])
        #expect(report.audioDuration == .seconds(61))
        #expect(report.confidence == nil, "version 2 added confidence; old reports have none")
        #expect(try await database.revisions(id: 1).map(\.text) == ["verbeterde tekst"])
        #expect(try await database.setting("locale") == "nl-NL")
        #expect(try await database.loadSessions().map(\.name) == ["Visite"])
        // Version 2 indexes session names; the migration indexed the old report's too.
        #expect(try await database.reports(search: "ozdemir", limit: 10, offset: 0).map(\.id) == [1])
        #expect(try await database.reports(search: "verbeterde", limit: 10, offset: 0).map(\.id) == [1])
        #expect(try await database.integrityCheck() == "ok")
        // And it takes new reports with the new column.
        let new = try await database.add(sampleReport(confidence: 0.5))
        #expect(try await database.report(id: new.id)?.confidence == 0.5)
    }

    @Test("a database written by a newer version is refused with a clear message and left untouched")
    func refusesNewer() async throws {
        let directory = TestDataDirectory()
        try directory.paths.createDirectories()
        let path = directory.paths.database.path
        do {
            let connection = try Connection(path: path)
            try connection.execute("CREATE TABLE future (x); PRAGMA user_version = 99")
        }
        let before = try Data(contentsOf: directory.paths.database)
        await #expect(throws: StoreOpenError.newerSchema(path: path, found: 99, supported: Schema.latestVersion)) {
            _ = try await directory.open()
        }
        #expect(try Data(contentsOf: directory.paths.database) == before)
        let message = StoreOpenError.newerSchema(path: path, found: 99, supported: 2).description
        #expect(message.contains("newer version of Dictation Station"))
        #expect(message.contains("left untouched"))
    }

    @Test("a file that is not a database is refused and left untouched")
    func refusesGarbage() async throws {
        let directory = TestDataDirectory()
        try directory.paths.createDirectories()
        let garbage = Data(repeating: 0x42, count: 4096)
        try garbage.write(to: directory.paths.database)
        await #expect(throws: StoreOpenError.notADatabase(path: directory.paths.database.path)) {
            _ = try await directory.open()
        }
        #expect(try Data(contentsOf: directory.paths.database) == garbage)
    }

    @Test("a new database is at the latest version, in WAL mode, with foreign keys on")
    func freshDatabase() async throws {
        let directory = TestDataDirectory()
        let database = try await directory.open()
        #expect(try await database.schemaVersion() == Schema.latestVersion)
        let settings = try await database.perform { connection in
            [
                try connection.prepared("PRAGMA journal_mode").firstRow { $0.text(0) } ?? "",
                String(try connection.integer("PRAGMA foreign_keys")),
                String(try connection.integer("PRAGMA busy_timeout")),
            ]
        }
        #expect(settings == ["wal", "1", String(StationDatabase.busyTimeoutMilliseconds)])
    }
}
