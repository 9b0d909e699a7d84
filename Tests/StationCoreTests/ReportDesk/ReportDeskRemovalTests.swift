import Foundation
import StationCore
import StationTestSupport
import Testing

/// A signed or amended report is never deleted, by anyone: a wrong one is entered in error with a
/// reason and kept. A draft may still be deleted by its author, and the deletion stays in the
/// history of its session.
@MainActor
@Suite("The desk: never deleting a signed report; entered in error; a draft deleted by its author")
struct ReportDeskRemovalTests {
    func deletion(
        _ fixture: ReportDeskFixture, _ id: Int64, confirm: ((Report) async -> Bool)? = nil
    ) async
        -> ReportRefusal?
    {
        await fixture.refusal { () async throws(ReportRefusal) in
            try await fixture.desk.deleteDraft(id, confirm: confirm)
        }
    }

    @Test("a signed or amended report is never deleted, not even by its author; the refusal says what to do")
    func signedNeverDeleted() async throws {
        let fixture = ReportDeskFixture()
        let signed = try await fixture.signed()
        let refusal = await deletion(fixture, signed.id)
        #expect(
            refusal?.description
                == "Report 1 is signed: it is never deleted. If it is wrong, mark it entered in error with a reason "
                + "(R in the station, or reports retire 1 --reason TEXT).")
        let amended = try await fixture.signed()
        _ = try await fixture.desk.save(amended.id, text: "changed", reason: "side was wrong")
        #expect(await deletion(fixture, amended.id) == .neverDeleted(id: 2, status: .amended))
        #expect(fixture.store.all.count == 2, "both kept")
        #expect(try await fixture.store.events(id: 1).count == 2, "and their history")
    }

    @Test("a draft is deleted by its author only, after the question, and the session's history keeps the deletion")
    func draftByItsAuthor() async throws {
        let fixture = ReportDeskFixture()
        let annas = try await fixture.draft(by: "anna")
        let old = try await fixture.draft(by: nil)
        #expect(
            await deletion(fixture, annas.id)?.description
                == "Report 1 is a draft by anna: only its author deletes it. If it is wrong, mark it entered in error "
                + "with a reason.")
        #expect(await deletion(fixture, old.id) == .notTheAuthor(id: 2, author: nil))
        let mine = try await fixture.draft(by: "bob")
        var asked: [Report] = []
        let declined = try await fixture.desk.deleteDraft(mine.id) { report in
            asked.append(report)
            return false
        }
        #expect(declined == .kept(mine) && asked == [mine], "asked about the report as it is, and kept on no")
        #expect(try await fixture.store.report(id: 3) != nil)
        fixture.clock.advance(by: .seconds(60))
        let deleted = try await fixture.desk.deleteDraft(mine.id) { _ in true }
        let event = SessionEvent(
            sessionName: "Room 12", action: .reportDeleted, actor: "bob", time: fixture.clock.wallTime, reportID: 3,
            reportStatus: .draft, reportAuthor: "bob", reportCreated: mine.created)
        #expect(deleted == .deleted(event))
        #expect(try await fixture.store.deletion(ofReport: 3) == event)
        #expect(
            await fixture.refusal { () async throws(ReportRefusal) in try await fixture.desk.report(3) }?.description
                == "Report 3 (draft, session \"Room 12\", dictated by bob) was deleted by bob on 15 January 2027 08:01.")
        #expect(fixture.training.requests.isEmpty, "a deletion trains nothing")
    }

    @Test("a draft someone corrects elsewhere, or open here, is not deleted; nor by a station without a user")
    func draftBeingCorrected() async throws {
        let fixture = ReportDeskFixture()
        let draft = try await fixture.draft()
        fixture.claims.holdElsewhere(draft.id, by: ReportDeskFixture.anna)
        var asked = false
        #expect(
            await deletion(fixture, draft.id) { _ in
                asked = true
                return true
            }?.description == "Report 1 is being corrected by anna on ws-12. It is not deleted while they correct it.")
        #expect(!asked, "no question about a report that is not deleted")
        fixture.claims.holdElsewhere(draft.id, by: nil)
        try fixture.desk.open(draft)
        #expect(await deletion(fixture, draft.id) == .openHere(id: 1, step: .delete))
        fixture.desk.close(draft.id)
        let anonymous = ReportDeskFixture(user: nil)
        let theirs = try await anonymous.draft(by: nil)
        #expect(await deletion(anonymous, theirs.id) == .unknownUser(step: .delete))
        #expect(try await fixture.store.report(id: 1) != nil)
    }

    @Test("entered in error: with a reason, by the user, at the clock's time; kept, out of lists, changed no more")
    func enteredInError() async throws {
        let fixture = ReportDeskFixture()
        let signed = try await fixture.signed(by: "anna")
        #expect(
            await fixture.refusal { () async throws(ReportRefusal) in
                try await fixture.desk.enterInError(signed.id, reason: " ")
            }?.description == "A report is marked entered in error only with a reason: say what is wrong with it.")
        fixture.clock.advance(by: .seconds(300))
        let marked = try await fixture.desk.enterInError(signed.id, reason: " wrong patient ")
        let mark = EnteredInError(by: "bob", at: fixture.clock.wallTime, reason: "wrong patient")
        #expect(marked.enteredInError == mark)
        #expect(marked.status == .signed, "its phase stays what it was")
        #expect(try await fixture.store.events(id: 1).last?.action == .enteredInError)
        #expect(try await fixture.store.reports(ReportQuery(), limit: 10, offset: 0).isEmpty, "out of lists")
        #expect(
            try await fixture.store.reports(ReportQuery(includeEnteredInError: true), limit: 10, offset: 0).map(\.id)
                == [1])
        let said =
            "Report 1 was entered in error by bob on 15 January 2027 08:05 (\"wrong patient\"). It is kept as it is: it "
            + "changes no more and is never deleted."
        #expect(
            await fixture.refusal { () async throws(ReportRefusal) in
                try await fixture.desk.save(signed.id, text: "x", reason: "y")
            }?.description == said)
        #expect(throws: ReportRefusal.enteredInError(id: 1, mark, when: "15 January 2027 08:05")) {
            try fixture.desk.open(marked)
        }
        #expect(await deletion(fixture, signed.id)?.description == said)
        #expect(
            await fixture.refusal { () async throws(ReportRefusal) in
                try await fixture.desk.enterInError(signed.id, reason: "again")
            }?.description == said)
        #expect(fixture.desk.refusal(toSign: marked)?.description == said)
    }

    @Test("a report someone corrects elsewhere is not entered in error until they are done")
    func enteredInErrorWaitsForTheCorrector() async throws {
        let fixture = ReportDeskFixture()
        let report = try await fixture.draft()
        fixture.claims.holdElsewhere(report.id, by: ReportDeskFixture.anna)
        #expect(
            await fixture.refusal { () async throws(ReportRefusal) in
                try await fixture.desk.enterInError(report.id, reason: "wrong patient")
            } == .beingCorrected(id: 1, by: ReportDeskFixture.anna, step: .enterInError))
        #expect(try await fixture.store.report(id: 1)?.enteredInError == nil)
    }
}
