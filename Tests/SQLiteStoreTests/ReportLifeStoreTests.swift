import Foundation
import StationCore
import Testing

@testable import SQLiteStore

/// The store enforces a report's life as a database would, whoever writes to it: a signed or amended
/// report (or one entered in error) is never deleted, a signature is never taken back, an entry in
/// error needs who and why; a draft's deletion stays in its session's history.
@Suite("The store: entered in error, and a draft's deletion in its session's history")
struct ReportLifeStoreTests {
    @Test("deleteDraft refuses signed and amended reports and ones entered in error; the rows stay")
    func deleteDraftRefuses() async throws {
        let directory = TestDataDirectory()
        let database = try await directory.open()
        let signed = try await SignedReportKeptTests.signedReport(in: directory, database)
        let at = Date(timeIntervalSince1970: 1_780_000_300)
        await #expect(throws: ReportStoreError.neverDeleted(id: signed.id, status: .signed)) {
            try await database.deleteDraft(id: signed.id, by: "anna", at: at)
        }
        _ = try await database.revise(id: signed.id, text: "amended", at: at, by: "anna", reason: "side")
        await #expect(throws: ReportStoreError.neverDeleted(id: signed.id, status: .amended)) {
            try await database.deleteDraft(id: signed.id, by: "anna", at: at)
        }
        let draft = try await database.add(sampleReport("a wrong draft"))
        _ = try await database.markEnteredInError(id: draft.id, by: "anna", at: at, reason: "wrong patient")
        await #expect(throws: ReportStoreError.enteredInError(id: draft.id)) {
            try await database.deleteDraft(id: draft.id, by: "anna", at: at)
        }
        await #expect(throws: (any Error).self) {
            try await database.perform { try $0.prepared("DELETE FROM reports WHERE id = ?").run([.integer(draft.id)]) }
        }
        #expect(try await database.reports(ReportQuery(includeEnteredInError: true), limit: 10, offset: 0).count == 2)
    }

    @Test("entered in error: kept with who, when and why, out of lists and searches unless asked, changed no more")
    func enteredInError() async throws {
        let directory = TestDataDirectory()
        let database = try await directory.open()
        let signed = try await SignedReportKeptTests.signedReport(in: directory, database)
        let other = try await database.add(sampleReport("another report"))
        await #expect(throws: ReportStoreError.enteredInErrorNeedsReason(id: signed.id)) {
            try await database.markEnteredInError(
                id: signed.id, by: "bob", at: Date(timeIntervalSince1970: 1_780_000_400), reason: "  ")
        }
        let marked = try await database.markEnteredInError(
            id: signed.id, by: "bob", at: Date(timeIntervalSince1970: 1_780_000_400), reason: "wrong patient")
        let mark = EnteredInError(by: "bob", at: Date(timeIntervalSince1970: 1_780_000_400), reason: "wrong patient")
        #expect(marked.enteredInError == mark && marked.status == .signed)
        #expect(try await database.report(id: signed.id)?.enteredInError == mark)
        let event = try #require(try await database.events(id: signed.id).last)
        #expect(event.action == .enteredInError && event.actor == "bob" && event.reason == "wrong patient")
        #expect(try await database.reports(ReportQuery(), limit: 10, offset: 0).map(\.id) == [other.id])
        #expect(try await database.reports(search: "corrected", limit: 10, offset: 0).isEmpty)
        #expect(
            try await database.reports(
                ReportQuery(search: "corrected", includeEnteredInError: true), limit: 10, offset: 0
            )
            .map(\.id) == [signed.id])
        await #expect(throws: ReportStoreError.enteredInError(id: signed.id)) {
            try await database.revise(
                id: signed.id, text: "x", at: Date(timeIntervalSince1970: 1_780_000_500), by: "bob", reason: "y")
        }
        await #expect(throws: (any Error).self) {
            try await database.perform {
                try $0.prepared("UPDATE reports SET entered_in_error_us = NULL WHERE id = ?").run([.integer(signed.id)])
            }
        }
        #expect(try await database.report(id: signed.id)?.enteredInError == mark, "never taken back")
    }

    @Test("a draft's deletion removes it and its audio, and its session's history keeps who, when and what")
    func draftDeletion() async throws {
        let directory = TestDataDirectory()
        let database = try await directory.open()
        let audio = directory.paths.audioDirectory.appendingPathComponent("draft.wav")
        try Data("RIFF".utf8).write(to: audio)
        var new = sampleReport("a draft", audio: audio)
        new.author = "anna"
        let draft = try await database.add(new)
        let at = Date(timeIntervalSince1970: 1_780_000_900)
        let event = try await database.deleteDraft(id: draft.id, by: "anna", at: at)
        #expect(
            event
                == SessionEvent(
                    sessionName: "Kamer 12 – Mw. Jansen", action: .reportDeleted, actor: "anna", time: at,
                    reportID: draft.id, reportStatus: .draft, reportAuthor: "anna", reportCreated: draft.created))
        #expect(try await database.report(id: draft.id) == nil)
        #expect(!FileManager.default.fileExists(atPath: audio.path))
        #expect(try await database.deletion(ofReport: draft.id) == event, "read back as stored")
        #expect(try await database.deletion(ofReport: 99) == nil)
    }
}
