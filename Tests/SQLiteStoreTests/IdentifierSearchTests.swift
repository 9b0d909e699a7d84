import Foundation
import StationCore
import Testing

@testable import SQLiteStore

/// A patient is found by the number on their wristband: the digits of the identifier, whatever letters
/// or dashes the clinic puts around them (schema 6).
@Suite("Search finds the digits of a patient's identifier")
struct IdentifierSearchTests {
    private func report(_ text: String, patient: Patient?) -> NewReport {
        NewReport(
            sessionName: "Bed 4", locale: "en-US", created: Date(timeIntervalSince1970: 1_780_000_000),
            audioDuration: .seconds(3), audioFile: nil, text: text, author: "anna",
            properties: DictationProperties(patient: patient))
    }

    @Test("200871 and 2008 find MRN200871, as mrn200871 and mrn do; 123456 finds 123-456-789")
    func digitsOfIdentifier() async throws {
        let database = try await TestDataDirectory().open()
        let okafor = try await database.add(
            report("Wound healing.", patient: Patient(name: "Daniel Okafor", identifier: "MRN200871")))
        let dashed = try await database.add(
            report("Knee pain.", patient: Patient(name: "Anna Jansen", identifier: "123-456-789")))
        _ = try await database.add(report("No patient, 200871 in the text is not it.", patient: nil))
        func found(_ search: String) async throws -> [Int64] {
            try await database.reports(ReportQuery(search: search), limit: 10, offset: 0).map(\.id)
        }
        #expect(try await found("200871").contains(okafor.id))
        #expect(try await found("2008").contains(okafor.id))
        #expect(try await found("mrn200871") == [okafor.id])
        #expect(try await found("MRN") == [okafor.id])
        #expect(try await found("okafor 200871") == [okafor.id], "each word matches somewhere")
        #expect(try await found("123456") == [dashed.id])
        #expect(try await found("jansen 200871").isEmpty)
        #expect(try await found("0087").isEmpty, "a prefix of the digits, not any part of them")
    }

    @Test("a schema 5 database gets its identifiers' digits when it is migrated")
    func migratedReportsFoundByDigits() async throws {
        let directory = TestDataDirectory()
        try directory.paths.createDirectories()
        let connection = try Connection(path: directory.paths.database.path)
        for migration in Schema.migrations.prefix(5) { try connection.execute(migration) }
        try connection.execute("PRAGMA user_version = 5")
        try connection.prepared(
            """
            INSERT INTO reports (session_name, locale, created_us, duration_us, original_text, text, status, phase,
                author, patient_name, patient_id, work_type, priority)
            VALUES ('Bed 4', 'en-US', 1780000000000000, 5000000, 'wound', 'Wound.', 'draft', 'draft', 'anna',
                'Daniel Okafor', 'MRN 200-871', 'progress-note', 'normal')
            """
        ).run()
        let database = try await directory.open()
        #expect(try await database.schemaVersion() == Schema.latestVersion)
        #expect(try await database.reports(ReportQuery(search: "200871"), limit: 10, offset: 0).map(\.id) == [1])
        #expect(try await database.reports(ReportQuery(search: "okafor"), limit: 10, offset: 0).map(\.id) == [1])
    }
}
