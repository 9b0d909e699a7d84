import Foundation
import StationCore
import Testing

@testable import SQLiteStore

/// A signed report is never deleted, and its signature never taken back, whoever writes the database:
/// the schema refuses as a database with rules would, not only the station's code.
@Suite("The schema keeps signed reports")
struct SignedReportKeptTests {
    /// How many rows each table holds about report `id`.
    private static func rows(of id: Int64, in database: StationDatabase) async throws -> [String: Int64] {
        try await database.perform { connection in
            var counts: [String: Int64] = [:]
            for (table, column) in [
                ("reports", "id"), ("revisions", "report_id"), ("report_events", "report_id"),
                ("report_words", "report_id"),
            ] {
                counts[table] =
                    try connection.prepared("SELECT count(*) FROM \(table) WHERE \(column) = ?").firstRow([
                        .integer(id)
                    ]) { $0.integer(0) } ?? 0
            }
            return counts
        }
    }

    /// A report with words, a revision and its signature, with an audio file.
    static func signedReport(in directory: TestDataDirectory, _ database: StationDatabase) async throws -> Report {
        let audio = directory.paths.audioDirectory.appendingPathComponent("signed.wav")
        try Data("RIFF".utf8).write(to: audio)
        var new = sampleReport(audio: audio)
        new.words = [RecognizedWord(text: "knee", start: .zero, end: .milliseconds(400), confidence: 0.9)]
        let report = try await database.add(new)
        _ = try await database.revise(
            id: report.id, text: "corrected", at: Date(timeIntervalSince1970: 1_780_000_100), by: "anna", reason: nil)
        return try await database.sign(id: report.id, by: "anna", at: Date(timeIntervalSince1970: 1_780_000_200))
    }

    @Test("a signed report is not deleted by any SQL: its revisions, steps, words and audio stay")
    func signedNeverDeletedBySQL() async throws {
        let directory = TestDataDirectory()
        let database = try await directory.open()
        let signed = try await Self.signedReport(in: directory, database)
        let before = try await Self.rows(of: signed.id, in: database)
        #expect(before == ["reports": 1, "revisions": 1, "report_events": 3, "report_words": 1])
        await #expect(throws: (any Error).self) {
            try await database.perform {
                try $0.prepared("DELETE FROM reports WHERE id = ?").run([.integer(signed.id)])
            }
        }
        #expect(try await Self.rows(of: signed.id, in: database) == before)
        #expect(FileManager.default.fileExists(atPath: try #require(signed.audioFile).path))
    }

    @Test("a signature is not taken back by any SQL")
    func signatureKept() async throws {
        let directory = TestDataDirectory()
        let database = try await directory.open()
        let signed = try await Self.signedReport(in: directory, database)
        await #expect(throws: (any Error).self) {
            try await database.perform {
                try $0.prepared("UPDATE reports SET phase = 'draft' WHERE id = ?").run([.integer(signed.id)])
            }
        }
        #expect(try await database.report(id: signed.id)?.status == .signed)
    }
}
