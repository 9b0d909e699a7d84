import Foundation
import StationCore
import Testing

@testable import SQLiteStore

@Suite("Entered in error, kept signatures and the sessions' history (schema 5)")
struct ReportLifeMigrationTests {
    /// Writes a database as schema 4 left it, with the SQL of that time, bypassing the store: a signed
    /// report with its revision, steps and words, and a draft.
    private func writeVersion4(at path: String) throws {
        let connection = try Connection(path: path)
        for migration in [Schema.version1, Schema.version2, Schema.version3, Schema.version4] {
            try connection.execute(migration)
        }
        try connection.execute("PRAGMA user_version = 4")
        try connection.prepared(
            """
            INSERT INTO reports (session_name, locale, created_us, duration_us, audio_file, original_text, text,
                status, confidence, author, patient_name, patient_id, work_type, priority, phase, signed_by, signed_us)
            VALUES ('Room 12', 'en-US', 1780000000000000, 61000000, '/data/audio/a.wav', 'the knee is swollen',
                'The left knee is swollen.', 'final', 0.7, 'anna', 'Jansen, M.', '123456', 'referral-letter',
                'urgent', 'signed', 'anna', 1780000120000000)
            """
        ).run()
        try connection.prepared(
            """
            INSERT INTO reports (session_name, locale, created_us, duration_us, original_text, text, status, phase,
                author)
            VALUES ('Ward round', 'en-US', 1780000300000000, 5000000, 'no pain', 'no pain', 'draft', 'draft', 'bob')
            """
        ).run()
        try connection.prepared(
            "INSERT INTO revisions VALUES (1, 1, 'The left knee is swollen.', 1780000060000000, 'anna', NULL)"
        ).run()
        for (id, time, action) in [
            (1, 1780000000000000, "created"), (1, 1780000060000000, "corrected"),
            (1, 1780000120000000, "signed"), (2, 1780000300000000, "created"),
        ] {
            try connection.prepared("INSERT INTO report_events VALUES (?, ?, ?, 'anna', NULL)").run([
                .integer(Int64(id)), .integer(Int64(time)), .text(action),
            ])
        }
        try connection.prepared(
            "INSERT INTO report_words VALUES (1, '[[\"the\",0,250,987]]')"
        ).run()
    }

    @Test("a schema 4 database is migrated: every report, revision, step and word kept, none entered in error")
    func migratesVersion4() async throws {
        let directory = TestDataDirectory()
        try directory.paths.createDirectories()
        try writeVersion4(at: directory.paths.database.path)

        let database = try await directory.open()
        #expect(try await database.schemaVersion() == Schema.latestVersion)
        let signed = try #require(try await database.report(id: 1))
        #expect(signed.text == "The left knee is swollen." && signed.status == .signed && signed.signedBy == "anna")
        #expect(signed.properties.patient?.identifier == "123456" && signed.properties.priority == .urgent)
        #expect(signed.words.map(\.text) == ["the"])
        #expect(try await database.revisions(id: 1).map(\.text) == ["The left knee is swollen."])
        #expect(try await database.events(id: 1).map(\.action) == [.created, .corrected, .signed])
        #expect(try await database.report(id: 2)?.status == .draft)
        #expect(try await database.reports(ReportQuery(), limit: 10, offset: 0).map(\.id) == [1, 2])
        #expect(try await database.reports(search: "swollen", limit: 10, offset: 0).map(\.id) == [1])
        #expect(try await database.integrityCheck() == "ok")

        // The migrated database takes the new step and its who, when and why, and keeps the signed
        // report whoever deletes it (written as SQL, as any program could).
        try await database.perform { connection in
            try connection.prepared(
                """
                UPDATE reports SET entered_in_error_us = 1780000600000000, entered_in_error_by = 'bob',
                    entered_in_error_reason = 'wrong patient' WHERE id = 1
                """
            ).run()
            try connection.prepared(
                "INSERT INTO report_events VALUES (1, 1780000600000000, 'entered-in-error', 'bob', 'wrong patient')"
            ).run()
        }
        #expect(
            try await database.events(id: 1).map(\.action.rawValue) == [
                "created", "corrected", "signed", "entered-in-error",
            ])
        #expect(try await database.reports(ReportQuery(), limit: 10, offset: 0).map(\.id) == [2], "left out of lists")
        await #expect(throws: (any Error).self) {
            try await database.perform { try $0.prepared("DELETE FROM reports WHERE id = 1").run() }
        }
        #expect(try await database.report(id: 1)?.text == "The left knee is swollen.")
        let sessionEvents = try await database.perform { try $0.integer("SELECT count(*) FROM session_events") }
        #expect(sessionEvents == 0, "the sessions' history starts empty")
        #expect(try await database.integrityCheck() == "ok")
    }
}
