import Foundation
import StationCore
import Testing

@testable import SQLiteStore

/// Who dictated, about whom, what kind of document, how urgent: kept with every report and session.
@Suite("SQLite clinical workflow")
struct ClinicalWorkflowStoreTests {
    private func report(
        _ text: String, author: String?, patient: Patient? = nil, type: String = "progress-note",
        priority: ReportPriority = .normal, minute: Double
    ) -> NewReport {
        NewReport(
            sessionName: "Room 12", locale: "en-US", created: Date(timeIntervalSince1970: 1_780_000_000 + minute * 60),
            audioDuration: .seconds(30), audioFile: nil, text: text, author: author,
            properties: DictationProperties(patient: patient, workType: type, priority: priority))
    }

    @Test("author, patient, work type and priority come back as stored")
    func fields() async throws {
        let directory = TestDataDirectory()
        let database = try await directory.open()
        let patient = Patient(name: "Jansen, M.", identifier: "123456", system: "urn:oid:2.16.840.1.113883.2.4.6.3")
        let stored = try await database.add(
            report("knee pain", author: "anna", patient: patient, type: "referral-letter", priority: .urgent, minute: 0)
        )
        let reread = try #require(try await directory.open().report(id: stored.id))
        #expect(reread == stored)
        #expect(reread.author == "anna")
        #expect(reread.properties.patient == patient)
        #expect(reread.properties.workType == "referral-letter")
        #expect(reread.properties.priority == .urgent)
        #expect(try await database.events(id: stored.id).map(\.actor) == ["anna"])
    }

    @Test("urgent reports come first; filters for mine, unsigned and urgent; search finds patient names and ids")
    func listing() async throws {
        let database = try await TestDataDirectory().open()
        let jansen = Patient(name: "Jansen, M.", identifier: "MRN-4471")
        let old = try await database.add(
            report("old urgent", author: "anna", patient: jansen, priority: .urgent, minute: 0))
        let mine = try await database.add(report("mine", author: "anna", minute: 1))
        let theirs = try await database.add(report("theirs", author: "ben", minute: 2))
        _ = try await database.sign(id: theirs.id, by: "ben", at: Date(timeIntervalSince1970: 1_780_000_500))
        let all = try await database.reports(ReportQuery(), limit: 10, offset: 0)
        #expect(all.map(\.id) == [old.id, theirs.id, mine.id], "urgent first, then the newest")
        #expect(
            try await database.reports(ReportQuery(author: "anna"), limit: 10, offset: 0).map(\.id) == [
                old.id, mine.id,
            ])
        #expect(
            try await database.reports(ReportQuery(unsignedOnly: true), limit: 10, offset: 0).map(\.id) == [
                old.id, mine.id,
            ])
        #expect(try await database.reports(ReportQuery(urgentOnly: true), limit: 10, offset: 0).map(\.id) == [old.id])
        #expect(try await database.reports(ReportQuery(search: "jans"), limit: 10, offset: 0).map(\.id) == [old.id])
        #expect(try await database.reports(ReportQuery(search: "4471"), limit: 10, offset: 0).map(\.id) == [old.id])
        #expect(
            try await database.reports(ReportQuery(search: "mine", author: "ben"), limit: 10, offset: 0).isEmpty,
            "search and filters together")
    }

    @Test("the first page of the list is read through the urgent-first index, not sorted")
    func listUsesIndex() throws {
        let directory = TestDataDirectory()
        try directory.paths.createDirectories()
        let connection = try Connection(path: directory.paths.database.path)
        try Migrator.migrate(connection, path: directory.paths.database.path)
        let plan = try connection.prepared(
            "EXPLAIN QUERY PLAN SELECT \(ReportRows.columns) FROM reports ORDER BY \(ReportRows.order) LIMIT 50"
        ).rows { $0.text(3) }.joined(separator: "\n")
        #expect(plan.contains("reports_urgent_newest"), "\(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
    }

    @Test("a session keeps its author and properties; setting them leaves its dictation alone")
    func sessionProperties() async throws {
        let database = try await TestDataDirectory().open()
        let id = SessionID.make()
        let audio = URL(fileURLWithPath: "/data/audio/x.wav")
        try await database.save(
            SessionRecord(
                id: id, name: "Room 12", locale: "en-US", state: .paused, elapsed: .seconds(4), audioFile: audio,
                created: Date(timeIntervalSince1970: 1), updated: Date(timeIntervalSince1970: 2), author: "anna"))
        let properties = DictationProperties(
            patient: Patient(name: "Özdemir, A.", identifier: "991"), workType: "discharge-summary", priority: .urgent)
        try await database.setProperties(of: id, properties)
        let saved = try #require(try await database.session(id: id))
        #expect(saved.properties == properties)
        #expect(saved.author == "anna")
        #expect(saved.state == .paused)
        #expect(saved.audioFile == audio)
    }
}
