import Foundation
import StationCore
import Testing

@testable import PostgresStore

/// One station report brought into the clinic store (`importStationReport`): replayed under the
/// store's rules as the one connected, checked before it is kept, recorded in the audit, never twice.
@Suite("Clinic store: importing a station's reports", .enabled(if: TestServer.isRunning, TestServer.skipReason))
struct ClinicImportTests {
    static let dictated = Date(timeIntervalSince1970: 1_780_000_000)

    /// A station report of `author`: corrected once, then signed and amended with a reason, with a
    /// recording of `audio` bytes.
    static func amended(by author: String, audio: URL?) -> StationReport {
        let signedAt = dictated.addingTimeInterval(600)
        let report = Report(
            id: 12, sessionName: "Room 4 – Özdemir", locale: "en-US", created: dictated, audioDuration: .seconds(14),
            audioFile: audio, originalText: "knee pain since monday", text: "Knee pain since Monday; X-ray ordered.",
            status: .amended, confidence: 0.8, author: author,
            properties: DictationProperties(
                patient: Patient(name: "Ayşe Özdemir", identifier: "MRN200871"), workType: "progress-note",
                priority: .urgent),
            signedBy: author, signedAt: signedAt,
            words: [RecognizedWord(text: "knee", start: .milliseconds(10), end: .milliseconds(400), confidence: 0.9)])
        let revisions = [
            ReportRevision(
                reportID: 12, number: 1, text: "Knee pain since Monday.", created: dictated.addingTimeInterval(60),
                author: author),
            ReportRevision(
                reportID: 12, number: 2, text: "Knee pain since Monday; X-ray ordered.",
                created: dictated.addingTimeInterval(900), author: author, reason: "X-ray added"),
        ]
        let events = [
            ReportEvent(reportID: 12, action: .created, actor: author, time: dictated),
            ReportEvent(reportID: 12, action: .corrected, actor: author, time: dictated.addingTimeInterval(60)),
            ReportEvent(reportID: 12, action: .signed, actor: author, time: signedAt),
            ReportEvent(
                reportID: 12, action: .amended, actor: author, time: dictated.addingTimeInterval(900),
                reason: "X-ray added"),
        ]
        return StationReport(
            report: report, revisions: revisions, events: events,
            audioSHA256: try? audio.map { try FileDigest.sha256(of: $0) },
            source: "report 12 of the station in /home/test/station")
    }

    /// A private recording of `bytes` bytes of a repeating pattern, removed by the caller.
    static func recording(bytes: Int) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString).wav")
        try Data((0..<bytes).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: file)
        chmod(file.path, 0o600)
        return file
    }

    @Test(
        "an amended report comes in signed and amended as the one connected, audio sealed, the station's account in its history"
    )
    func amendedReportReplayed() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let store = try await clinic.store(as: anna)
        let audio = try Self.recording(bytes: 2_500_000)
        defer { try? FileManager.default.removeItem(at: audio) }
        let station = Self.amended(by: anna, audio: audio)

        guard case .imported(let stored, let sealed) = try await store.importStationReport(station) else {
            Issue.record("the report was not imported")
            return
        }
        #expect(stored.author == anna)
        #expect(stored.status == .amended)
        #expect(stored.text == station.report.text)
        #expect(stored.originalText == station.report.originalText)
        #expect(stored.signedBy == anna)
        #expect(stored.properties == station.report.properties)
        #expect(stored.words == station.report.words)
        #expect(stored.created == Self.dictated, "the dictation's own time")
        #expect(sealed?.sha256 == station.audioSHA256)
        #expect(sealed?.bytes == 2_500_000)
        #expect(sealed?.chunks == 3)
        #expect(FileManager.default.fileExists(atPath: audio.path), "the station's recording is left where it is")

        let revisions = try await store.revisions(id: stored.id)
        #expect(revisions.map(\.text) == station.revisions.map(\.text))
        #expect(revisions.map(\.reason) == [nil, "X-ray added"])
        let events = try await store.events(id: stored.id)
        #expect(events.map(\.action) == [.created, .corrected, .signed, .amended, .imported])
        #expect(Set(events.compactMap(\.actor)) == [anna])
        let account = try #require(events.last?.reason)
        #expect(
            account.hasPrefix("report 12 of the station in /home/test/station; created 2026-05-28T20:26:40Z by \(anna)")
        )
        #expect(account.contains("signed 2026-05-28T20:36:40Z by \(anna)"), "\(account)")
        #expect(
            try await store.reports(ReportQuery(search: "ozdemir 200871"), limit: 5, offset: 0).map(\.id) == [stored.id]
        )

        // Again: found by its dictation id, nothing written.
        #expect(try await store.importStationReport(station) == .alreadyThere(stored))
        #expect(try clinic.psql("SELECT count(*) FROM dictation.report_events").output == "5")
    }

    @Test("a report entered in error at the station comes in entered in error, with its reason")
    func enteredInErrorReplayed() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let store = try await clinic.store(as: anna)
        var station = Self.amended(by: anna, audio: nil)
        station.report.status = .corrected
        station.report.signedBy = nil
        station.report.signedAt = nil
        station.report.text = "Knee pain since Monday."
        station.revisions.removeLast()
        station.report.enteredInError = EnteredInError(by: anna, at: Self.dictated, reason: "wrong patient")

        guard case .imported(let stored, let sealed) = try await store.importStationReport(station) else {
            Issue.record("the report was not imported")
            return
        }
        #expect(sealed == nil)
        #expect(stored.status == .corrected)
        #expect(stored.enteredInError?.reason == "wrong patient")
        #expect(stored.enteredInError?.by == anna)
    }

    @Test("a checksum that differs, or a step the station names someone else for, keeps nothing of the report")
    func refusedKeepsNothing() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let store = try await clinic.store(as: anna)
        let audio = try Self.recording(bytes: 100_000)
        defer { try? FileManager.default.removeItem(at: audio) }

        var damaged = Self.amended(by: anna, audio: audio)
        damaged.audioSHA256 = String(repeating: "0", count: 64)
        await #expect(throws: StationImportRefusal.mismatch(reportID: 12, what: "its audio's sha256")) {
            _ = try await store.importStationReport(damaged)
        }
        var forged = Self.amended(by: anna, audio: audio)
        forged.revisions[0].author = "bob"
        await #expect(throws: StationImportRefusal.otherPerson(reportID: 12, name: "bob", me: anna)) {
            _ = try await store.importStationReport(forged)
        }
        #expect(try clinic.psql("SELECT count(*) FROM dictation.reports").output == "0")
        #expect(try clinic.psql("SELECT count(*) FROM dictation.report_audio").output == "0")
    }

    @Test("from psql, an import is recorded only by a report's author, in the transaction that made it, once")
    func recordImportOnlyWithTheReport() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let bob = try await clinic.addUser("bob")
        let store = try await clinic.store(as: anna)
        let report = try await store.add(ClinicReportStoreTests.newReport("Mrs Jansen."))

        let later = try clinic.psql("SELECT dictation.record_import(\(report.id), 'from my station')", as: anna)
        #expect(!later.succeeded)
        #expect(later.errors.contains("only by its author, with the report itself"), "\(later.errors)")
        let other = try clinic.psql("SELECT dictation.record_import(\(report.id), 'from my station')", as: bob)
        #expect(!other.succeeded)
        let made = try clinic.psql(
            """
            DO $$
            DECLARE
                made bigint;
            BEGIN
                INSERT INTO dictation.reports (session_name, locale, created, audio_duration_us, original_text, text,
                    work_type) VALUES ('Room 1', 'en-US', now(), 1, 'x', 'x', 'progress-note') RETURNING id INTO made;
                PERFORM dictation.record_import(made, 'a');
                PERFORM dictation.record_import(made, 'b');
            END $$;
            """, as: anna)
        #expect(!made.succeeded, "a second record of one import is refused")
        #expect(made.errors.contains("report_events_one_import"), "\(made.errors)")
        #expect(
            try clinic.psql("UPDATE dictation.report_events SET reason = 'x' WHERE action = 'created'", as: anna)
                .succeeded == false)
    }
}
