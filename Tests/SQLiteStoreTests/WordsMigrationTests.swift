import Foundation
import StationCore
import Testing

@testable import SQLiteStore

@Suite("The decoder's words with each report (schema 4)")
struct WordsMigrationTests {
    /// Writes a database as schema 3 left it, with the SQL of that time, bypassing the store.
    private func writeVersion3(at path: String) throws {
        let connection = try Connection(path: path)
        for migration in [Schema.version1, Schema.version2, Schema.version3] { try connection.execute(migration) }
        try connection.execute("PRAGMA user_version = 3")
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
            INSERT INTO reports (session_name, locale, created_us, duration_us, original_text, text, status, phase)
            VALUES ('Ward round', 'en-US', 1780000300000000, 5000000, 'no pain', 'no pain', 'draft', 'draft')
            """
        ).run()
        try connection.prepared(
            "INSERT INTO revisions VALUES (1, 1, 'The left knee is swollen.', 1780000060000000, 'anna', NULL)"
        ).run()
        try connection.prepared(
            "INSERT INTO report_events VALUES (1, 1780000000000000, 'created', 'anna', NULL)"
        ).run()
    }

    private static let words = [
        RecognizedWord(text: "the", start: .milliseconds(250), end: .milliseconds(410), confidence: 0.987654),
        RecognizedWord(text: "knee", start: .milliseconds(410), end: .milliseconds(800), confidence: 0.31),
        // A model's dictionary may hold anything: quotes, backslashes, controls, other scripts.
        RecognizedWord(text: "o\"k\\\u{1B}[2Jé", start: .milliseconds(900), end: .seconds(61), confidence: nil),
    ]

    @Test("a schema 3 database with reports is migrated: every report and field kept, no words for them")
    func migratesVersion3() async throws {
        let directory = TestDataDirectory()
        try directory.paths.createDirectories()
        try writeVersion3(at: directory.paths.database.path)

        let database = try await directory.open()
        #expect(try await database.schemaVersion() == Schema.latestVersion)
        let signed = try #require(try await database.report(id: 1))
        #expect(signed.originalText == "the knee is swollen")
        #expect(signed.text == "The left knee is swollen.")
        #expect(signed.status == .signed && signed.signedBy == "anna")
        #expect(signed.confidence == 0.7)
        #expect(signed.properties.priority == .urgent && signed.properties.patient?.identifier == "123456")
        #expect(signed.words.isEmpty, "reports from before kept no words")
        #expect(try await database.revisions(id: 1).map(\.text) == ["The left knee is swollen."])
        #expect(try await database.report(id: 2)?.text == "no pain")
        #expect(try await database.reports(search: "swollen", limit: 10, offset: 0).map(\.id) == [1])
        #expect(try await database.integrityCheck() == "ok")
        // The migrated database keeps the words of new reports.
        var new = sampleReport("The knee.")
        new.words = Self.words
        let added = try await database.add(new)
        #expect(try await database.report(id: added.id)?.words.map(\.text) == Self.words.map(\.text))
    }

    @Test("words round-trip: times to the millisecond, confidence to three places, any text")
    func roundTrip() async throws {
        let directory = TestDataDirectory()
        let database = try await directory.open()
        var report = sampleReport("The knee.")
        report.words = Self.words
        let added = try await database.add(report)
        #expect(added.words == Self.words)
        let read = try #require(try await database.report(id: added.id))
        #expect(read.words.map(\.text) == Self.words.map(\.text))
        #expect(read.words.map(\.start) == Self.words.map(\.start))
        #expect(read.words.map(\.end) == Self.words.map(\.end))
        #expect(read.words.map(\.confidence) == [0.988, 0.31, nil])
        // A correction changes the text, never the decoder's words.
        let revised = try await database.revise(
            id: added.id, text: "The left knee.", at: Date(), by: "anna", reason: nil)
        #expect(revised.words == read.words)
        // The list reads no words (they stay out of its rows); one report has them.
        #expect(try await database.reports(search: nil, limit: 10, offset: 0).first?.words == [])
        // A report without words stores none.
        let plain = try await database.add(sampleReport("No words."))
        #expect(try await database.report(id: plain.id)?.words == [])
        #expect(try await Self.wordRows(in: database) == 1)
        // Deleting the report deletes its words.
        _ = try await database.deleteDraft(id: added.id, by: "anna", at: Date(timeIntervalSince1970: 1_780_000_200))
        #expect(try await Self.wordRows(in: database) == 0)
    }

    private static func wordRows(in database: StationDatabase) async throws -> Int64 {
        try await database.perform { try $0.integer("SELECT count(*) FROM report_words") }
    }
}
