import Foundation
import StationCore
import Testing

@testable import PostgresStore

/// The core's `ReportStore` port over the clinic store, each test on a database of its own.
@Suite("Clinic store: the report port", .enabled(if: TestServer.isRunning, TestServer.skipReason))
struct ClinicReportStoreTests {
    static let dictated = Date(timeIntervalSince1970: 1_790_000_000)

    static func newReport(
        _ text: String, session: String = "Room 12", minutesLater: Int = 0, author: String? = "mallory",
        patient: Patient? = nil, priority: ReportPriority = .normal, audio: String? = nil
    ) -> NewReport {
        NewReport(
            sessionName: session, locale: "en-US", created: dictated.addingTimeInterval(Double(minutesLater) * 60),
            audioDuration: .milliseconds(12_345), audioFile: audio.map { URL(fileURLWithPath: $0) }, text: text,
            transcript: text.lowercased(), confidence: 0.75, author: author,
            properties: DictationProperties(patient: patient, workType: "progress-note", priority: priority),
            words: [
                RecognizedWord(text: "fracture", start: .milliseconds(100), end: .milliseconds(640), confidence: 0.5)
            ])
    }

    @Test("a new report is a draft of the one connected, whatever author the client names, with all it was given")
    func addKeepsEverything() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let store = try await clinic.store(as: anna)
        let patient = Patient(name: "Jansen, M.", identifier: "123456", system: Patient.localSystem)

        let added = try await store.add(Self.newReport("Fracture heals well.", author: "mallory", patient: patient))

        #expect(added.author == anna, "the database names session_user, not the client's author")
        #expect(added.status == .draft)
        #expect(added.text == "Fracture heals well.")
        #expect(added.originalText == "fracture heals well.")
        #expect(added.created == Self.dictated)
        #expect(added.audioDuration == .milliseconds(12_345))
        #expect(added.confidence == 0.75)
        #expect(added.properties.patient == patient)
        #expect(added.properties.workType == "progress-note")
        #expect(added.words == Self.newReport("x").words)
        let again = try #require(try await store.report(id: added.id))
        #expect(again == added)
        let events = try await store.events(id: added.id)
        #expect(events.map(\.action) == [.created])
        #expect(events.map(\.actor) == [anna])
    }

    @Test("the session a dictation ends is saved with its report, as its creator's")
    func addEndsSession() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let store = try await clinic.store(as: anna)
        let session = SessionRecord(
            id: SessionID("s-1"), name: "Room 12", locale: "en-US", state: .notRecording,
            elapsed: .zero, audioFile: nil, created: Self.dictated, updated: Self.dictated, author: "mallory")

        _ = try await store.add(Self.newReport("Sent."), ending: session)

        let row = try clinic.psql("SELECT creator || ' ' || name || ' ' || state FROM dictation.sessions")
        #expect(row.output == "\(anna) Room 12 notRecording")
    }

    @Test("lists put urgent reports first, then the newest; filters and full-text prefix search")
    func listsAndSearch() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let bob = try await clinic.addUser("bob")
        let annas = try await clinic.store(as: anna)
        let bobs = try await clinic.store(as: bob)
        let old = try await annas.add(Self.newReport("Old fracture.", minutesLater: 0))
        let urgent = try await bobs.add(Self.newReport("Chest pain.", minutesLater: 1, priority: .urgent))
        let new = try await annas.add(
            Self.newReport(
                "Knee x-ray normal.", session: "Ward round", minutesLater: 2,
                patient: Patient(name: "Okafor", identifier: "987654")))

        #expect(try await annas.reports(ReportQuery(), limit: 10, offset: 0).map(\.id) == [urgent.id, new.id, old.id])
        #expect(try await annas.reports(ReportQuery(), limit: 1, offset: 1).map(\.id) == [new.id])
        #expect(try await annas.reports(search: "frac", limit: 10, offset: 0).map(\.id) == [old.id])
        #expect(try await annas.reports(search: "ward kne", limit: 10, offset: 0).map(\.id) == [new.id])
        #expect(try await annas.reports(search: "okaf", limit: 10, offset: 0).map(\.id) == [new.id])
        #expect(try await annas.reports(search: "98765", limit: 10, offset: 0).map(\.id) == [new.id])
        #expect(try await annas.reports(search: "x-ray", limit: 10, offset: 0).map(\.id) == [new.id])
        #expect(try await annas.reports(search: "fracture chest", limit: 10, offset: 0).isEmpty)
        #expect(try await annas.reports(search: "' & !(", limit: 10, offset: 0).count == 3, "no tsquery syntax")
        #expect(try await annas.reports(ReportQuery(author: bob), limit: 10, offset: 0).map(\.id) == [urgent.id])
        #expect(try await annas.reports(ReportQuery(urgentOnly: true), limit: 10, offset: 0).map(\.id) == [urgent.id])
        _ = try await annas.sign(id: old.id, by: anna, at: Self.dictated)
        #expect(
            try await annas.reports(ReportQuery(unsignedOnly: true), limit: 10, offset: 0).map(\.id)
                == [urgent.id, new.id])
        _ = try await annas.markEnteredInError(id: new.id, by: anna, at: Self.dictated, reason: "wrong patient")
        #expect(try await annas.reports(ReportQuery(), limit: 10, offset: 0).map(\.id) == [urgent.id, old.id])
        #expect(
            try await annas.reports(ReportQuery(includeEnteredInError: true), limit: 10, offset: 0).map(\.id)
                == [urgent.id, new.id, old.id])
        #expect(try await annas.reports(ReportQuery(), limit: 10, offset: 0).allSatisfy { $0.words.isEmpty })
    }

    @Test("a report's life: corrected, signed as the one connected, amended with a reason, every step recorded")
    func lifecycle() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let store = try await clinic.store(as: anna)
        let report = try await store.add(Self.newReport("Fracture heals."))

        await #expect(throws: ReportStoreError.reasonOnlyForAmendments(id: report.id, status: .draft)) {
            try await store.revise(id: report.id, text: "x", at: Self.dictated, by: anna, reason: "why")
        }
        let corrected = try await store.revise(
            id: report.id, text: "Fracture heals well.", at: Self.dictated, by: "mallory", reason: nil)
        #expect(corrected.status == .corrected)
        #expect(corrected.text == "Fracture heals well.")
        #expect(corrected.originalText == "fracture heals.")

        let signed = try await store.sign(id: report.id, by: "mallory", at: Self.dictated)
        #expect(signed.status == .signed)
        #expect(signed.signedBy == anna, "the database names session_user as the signer")
        #expect(signed.signedAt != nil)
        await #expect(throws: ReportStoreError.alreadySigned(id: report.id, by: anna)) {
            try await store.sign(id: report.id, by: anna, at: Self.dictated)
        }
        await #expect(throws: ReportStoreError.amendmentNeedsReason(id: report.id)) {
            try await store.revise(id: report.id, text: "Changed.", at: Self.dictated, by: anna, reason: "  ")
        }
        let amended = try await store.revise(
            id: report.id, text: "Fracture heals well. Cast off.", at: Self.dictated, by: anna, reason: "cast")
        #expect(amended.status == .amended)
        #expect(amended.signedBy == anna)

        let revisions = try await store.revisions(id: report.id)
        #expect(revisions.map(\.number) == [1, 2])
        #expect(revisions.map(\.author) == [anna, anna])
        #expect(revisions.map(\.reason) == [nil, "cast"])
        #expect(revisions.last?.text == "Fracture heals well. Cast off.")
        let events = try await store.events(id: report.id)
        #expect(events.map(\.action) == [.created, .corrected, .signed, .amended])
        #expect(events.allSatisfy { $0.actor == anna })
        #expect(events.last?.reason == "cast")
    }

    @Test("a report entered in error is kept, with who, when and why, and changes no more")
    func enteredInError() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let store = try await clinic.store(as: anna)
        let report = try await store.add(Self.newReport("Wrong patient."))

        await #expect(throws: ReportStoreError.enteredInErrorNeedsReason(id: report.id)) {
            try await store.markEnteredInError(id: report.id, by: anna, at: Self.dictated, reason: " ")
        }
        let retired = try await store.markEnteredInError(
            id: report.id, by: "mallory", at: Self.dictated, reason: "wrong patient")
        #expect(retired.enteredInError?.by == anna)
        #expect(retired.enteredInError?.reason == "wrong patient")
        #expect(retired.listedStatus == "in error")
        await #expect(throws: ReportStoreError.enteredInError(id: report.id)) {
            try await store.revise(id: report.id, text: "x", at: Self.dictated, by: anna, reason: nil)
        }
        await #expect(throws: ReportStoreError.enteredInError(id: report.id)) {
            try await store.sign(id: report.id, by: anna, at: Self.dictated)
        }
        #expect(try await store.events(id: report.id).last?.action == .enteredInError)
    }

    @Test("nothing is deleted: a draft is refused as the clinic store's, a signed report as the core knows")
    func deleteRefused() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let store = try await clinic.store(as: anna)
        let draft = try await store.add(Self.newReport("Draft."))
        let signed = try await store.add(Self.newReport("Signed."))
        _ = try await store.sign(id: signed.id, by: anna, at: Self.dictated)

        await #expect(throws: ClinicStoreError.neverDeleted(id: draft.id)) {
            try await store.deleteDraft(id: draft.id, by: anna, at: Self.dictated)
        }
        await #expect(throws: ReportStoreError.neverDeleted(id: signed.id, status: .signed)) {
            try await store.deleteDraft(id: signed.id, by: anna, at: Self.dictated)
        }
        await #expect(throws: ReportStoreError.noSuchReport(id: 999_999)) {
            try await store.deleteDraft(id: 999_999, by: anna, at: Self.dictated)
        }
        #expect(try await store.report(id: draft.id) != nil)
        #expect(try await store.deletion(ofReport: draft.id) == nil)
        #expect(ClinicStoreError.neverDeleted(id: draft.id).description.contains("entered in error"))
    }

    @Test("the report that keeps an audio file is found by it; an unknown report is said to be missing")
    func audioOwnerAndMissing() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let store = try await clinic.store(as: anna)
        let report = try await store.add(Self.newReport("With audio.", audio: "/data/audio/a.wav"))

        #expect(try await store.report(owningAudio: URL(fileURLWithPath: "/data/audio/a.wav"))?.id == report.id)
        #expect(try await store.report(owningAudio: URL(fileURLWithPath: "/data/audio/b.wav")) == nil)
        #expect(try await store.report(id: 999_999) == nil)
        await #expect(throws: ReportStoreError.noSuchReport(id: 999_999)) {
            try await store.revise(id: 999_999, text: "x", at: Self.dictated, by: anna, reason: nil)
        }
    }
}
