import Foundation
import StationCore
import StationTestSupport
import Testing

/// A correction in progress is never lost: a save the desk refuses says why (the caller keeps the
/// text), a save that has become an amendment asks for the reason, and an option that does not apply
/// (a reason for an unsigned report) is refused, not dropped.
@MainActor
@Suite("The desk: corrections and amendments")
struct ReportDeskCorrectionTests {
    @Test("an open correction keeps its claim through saves; a one-shot save claims for itself and gives it back")
    func claims() async throws {
        let fixture = ReportDeskFixture()
        let report = try await fixture.draft()
        try fixture.desk.open(report)
        guard case .revised(let saved) = try await fixture.desk.save(report.id, text: "knee swollen, warm") else {
            Issue.record("not saved")
            return
        }
        #expect(saved.status == .corrected && saved.text == "knee swollen, warm")
        #expect(fixture.claims.calls.current == ["claim 1"], "still claimed while the editor is open")
        fixture.desk.close(report.id)
        _ = try await fixture.desk.save(report.id, text: "knee swollen, warm, red")
        #expect(fixture.claims.calls.current == ["claim 1", "release 1", "claim 1", "release 1"])
        #expect(try await fixture.store.revisions(id: 1).map(\.author) == ["bob", "bob"])
    }

    @Test("a report corrected elsewhere is not opened here, naming who corrects it")
    func openRefused() async throws {
        let fixture = ReportDeskFixture()
        let report = try await fixture.draft()
        fixture.claims.holdElsewhere(report.id, by: ReportDeskFixture.anna)
        #expect(throws: ReportRefusal.beingCorrected(id: 1, by: ReportDeskFixture.anna, step: .correct)) {
            try fixture.desk.open(report)
        }
        #expect(fixture.desk.openCorrections.isEmpty)
        let refused = await fixture.refusal { () async throws(ReportRefusal) in
            try await fixture.desk.save(report.id, text: "changed")
        }
        #expect(refused?.description == "Report 1 is being corrected by anna on ws-12. Try again when they are done.")
    }

    @Test("a save of a report signed since it was read asks for the reason; with one it is an amendment")
    func signedMeanwhile() async throws {
        let fixture = ReportDeskFixture()
        let report = try await fixture.draft()
        try fixture.desk.open(report)
        // Signed behind the claim's back (an older station, another program).
        _ = try await fixture.store.sign(id: report.id, by: "anna", at: fixture.clock.wallTime)
        let refusal = await fixture.refusal { () async throws(ReportRefusal) in
            try await fixture.desk.save(report.id, text: "A VITAL CORRECTION")
        }
        #expect(refusal == .amendmentNeedsReason(id: 1))
        #expect(fixture.desk.openCorrections == [1], "still open, still claimed: the text can still be saved")
        #expect(
            await fixture.refusal { () async throws(ReportRefusal) in
                try await fixture.desk.save(report.id, text: "A VITAL CORRECTION", reason: "  ")
            } == .reasonMissing(step: .correct))
        guard
            case .revised(let amended) = try await fixture.desk.save(
                report.id, text: "A VITAL CORRECTION", reason: " side was wrong ")
        else {
            Issue.record("not saved")
            return
        }
        #expect(amended.status == .amended && amended.text == "A VITAL CORRECTION")
        #expect(try await fixture.store.revisions(id: 1).last?.reason == "side was wrong")
    }

    @Test("a reason for a draft or a corrected report is refused, and nothing is saved")
    func reasonOnDraft() async throws {
        let fixture = ReportDeskFixture()
        let report = try await fixture.draft()
        let draft = await fixture.refusal { () async throws(ReportRefusal) in
            try await fixture.desk.save(report.id, text: "changed", reason: "because")
        }
        #expect(draft?.description == "Report 1 is a draft: --reason is only for amending a signed report.")
        _ = try await fixture.desk.save(report.id, text: "corrected")
        let corrected = await fixture.refusal { () async throws(ReportRefusal) in
            try await fixture.desk.save(report.id, text: "changed", reason: "because")
        }
        #expect(
            corrected?.description
                == "Report 1 is corrected but not signed: --reason is only for amending a signed report.")
        #expect(try await fixture.store.report(id: 1)?.text == "corrected")
        #expect(try await fixture.store.revisions(id: 1).count == 1)
    }

    @Test("the same text saves nothing; a reason too long or with control characters is refused")
    func unchangedAndUnfit() async throws {
        let fixture = ReportDeskFixture()
        let report = try await fixture.signed()
        #expect(try await fixture.desk.save(report.id, text: report.text, reason: "x") == .unchanged(report))
        #expect(try await fixture.store.revisions(id: 1).isEmpty)
        #expect(
            await fixture.refusal { () async throws(ReportRefusal) in
                try await fixture.desk.save(report.id, text: "y", reason: String(repeating: "a", count: 501))
            }?.description == "The reason: at most 500 characters.")
        #expect(
            await fixture.refusal { () async throws(ReportRefusal) in
                try await fixture.desk.save(report.id, text: "y", reason: "wrong\u{1B}[2J")
            }?.description == "The reason: no control characters.")
    }

    @Test("a text over 256 KB is refused saying its size and the limit, and nothing is saved; 256 KB is kept")
    func textBound() async throws {
        let fixture = ReportDeskFixture()
        let report = try await fixture.draft()
        try fixture.desk.open(report)
        let huge = String(repeating: "the patient is well. ", count: 1_000_000)
        let refused = await fixture.refusal { () async throws(ReportRefusal) in
            try await fixture.desk.save(report.id, text: huge)
        }
        #expect(
            refused?.description
                == "The text for report 1 is 20.1 MB, and a report holds at most 256 KB: nothing was saved. "
                + "Shorten it and save again.")
        let justOver = String(repeating: "é", count: ReportDesk.textLimit / 2) + "x"
        #expect(
            await fixture.refusal { () async throws(ReportRefusal) in
                try await fixture.desk.save(report.id, text: justOver)
            } == .textTooLong(id: 1, bytes: ReportDesk.textLimit + 1, limit: ReportDesk.textLimit))
        #expect(try await fixture.store.report(id: 1)?.text == report.text)
        #expect(try await fixture.store.revisions(id: 1).isEmpty)
        #expect(fixture.desk.openCorrections == [1], "still open: the editor keeps the text")
        let atTheLimit = String(repeating: "x", count: ReportDesk.textLimit)
        guard case .revised(let saved) = try await fixture.desk.save(report.id, text: atTheLimit) else {
            Issue.record("a text at the limit is saved")
            return
        }
        #expect(saved.text.utf8.count == ReportDesk.textLimit)
    }

    @Test("a save of a report deleted meanwhile says who deleted it and when")
    func deletedMeanwhile() async throws {
        let fixture = ReportDeskFixture()
        let report = try await fixture.draft()
        fixture.clock.advance(by: .seconds(120))
        _ = try await fixture.store.deleteDraft(id: report.id, by: "anna", at: fixture.clock.wallTime)
        let refusal = await fixture.refusal { () async throws(ReportRefusal) in
            try await fixture.desk.save(report.id, text: "my correction")
        }
        #expect(
            refusal?.description
                == "Report 1 (draft, session \"Room 12\", dictated by bob) was deleted by anna on 15 January 2027 08:02.")
        fixture.store.removeBehindTheDesk(id: 1)
        #expect(
            await fixture.refusal { () async throws(ReportRefusal) in try await fixture.desk.report(2) }
                == .noSuchReport(id: 2))
    }

    @Test("a store that fails says which step failed, in words, and the claim goes back")
    func storeFailure() async throws {
        let fixture = ReportDeskFixture()
        let report = try await fixture.draft()
        fixture.store.failWrites(with: ReportEditFailure())
        let refusal = await fixture.refusal { () async throws(ReportRefusal) in
            try await fixture.sign(report.id)
        }
        #expect(refusal?.description == "Report 1 could not be signed (the disk is full). Check the data directory.")
        #expect(fixture.claims.calls.current == ["claim 1", "release 1"])
    }

    struct ReportEditFailure: Error, CustomStringConvertible {
        var description: String { "the disk is full" }
    }
}
