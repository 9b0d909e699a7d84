import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import StationTUI

/// The report rules in the screen, with the in-memory store: a correction in progress is never lost
/// (a refused save keeps the text, claimed; a save that became an amendment asks for the reason), a
/// signed report is never deleted (D deletes a draft of yours, after a question), and R enters a wrong
/// report in error, which the list leaves out until a shows it.
@Suite("Reports in the screen: corrections kept, drafts deleted, reports entered in error")
@MainActor
struct ReportLifeScreenTests {
    /// anna's station with one draft of hers (#1) and one of bob's (#2), report #1 selected in the list.
    func seeded(locks: RecordingEditLocks = RecordingEditLocks()) async throws -> ScreenHarness {
        let harness = ScreenHarness(author: "anna", editLocks: locks)
        try await harness.addReport(session: "Ward", text: "bob's note", author: "bob")
        try await harness.addReport(session: "Room 12", text: "knee swollen", author: "anna")
        harness.press(.tab)
        #expect(harness.model.reportList.selected?.id == 2)
        return harness
    }

    @Test("Ctrl-S of a report signed meanwhile (without the claim) asks for the reason; the amendment keeps the text")
    func signedMeanwhileAsksTheReason() async throws {
        let harness = try await seeded()
        harness.press(.character("e"), .controlEnd)
        harness.type(" A VITAL CORRECTION")
        // Signed behind the claim's back, as an older station would.
        _ = try await harness.fixture.reports.sign(id: 2, by: "bob", at: harness.fixture.clock.wallTime)
        harness.press(.control("s"))
        await harness.model.settle()
        #expect(harness.render().find("Why does the signed report change?") != nil, "asked, not refused again")
        #expect(harness.model.editor?.text.text == "knee swollen A VITAL CORRECTION", "the text waits in the editor")
        harness.press(.escape)
        #expect(harness.model.dialog == nil && harness.model.editor?.text.isDirty == true, "Esc goes back to the text")
        harness.press(.control("s"))
        #expect(harness.render().find("Why does the signed report change?") != nil, "Ctrl-S asks again, at once")
        harness.type("added the vital part")
        harness.press(.enter)
        await harness.model.settle()
        let amended = try #require(try await harness.fixture.reports.report(id: 2))
        #expect(amended.status == .amended && amended.text == "knee swollen A VITAL CORRECTION")
        #expect(harness.model.editor == nil)
        #expect(harness.lastNotice == "Saved an amendment of report #2.")
    }

    @Test("a refused save keeps the text in the editor, still claimed, and says why")
    func refusedSaveKeepsText() async throws {
        let locks = RecordingEditLocks()
        let harness = try await seeded(locks: locks)
        harness.press(.character("e"), .controlEnd)
        harness.type(" and warm")
        harness.fixture.reports.failWrites(with: ReportStoreError.noSuchReport(id: 99))
        harness.press(.control("s"))
        await harness.model.settle()
        #expect(harness.model.editor?.text.text == "knee swollen and warm")
        #expect(harness.lastNotice.hasSuffix("Your text is still in the editor."), "\(harness.lastNotice)")
        #expect(locks.calls.current == ["claim 2"], "still claimed: no one else can change it meanwhile")
        harness.fixture.reports.failWrites(with: nil)
        harness.press(.control("s"))
        await harness.model.settle()
        #expect(try await harness.fixture.reports.report(id: 2)?.text == "knee swollen and warm")
        #expect(locks.calls.current == ["claim 2", "release 2"])
    }

    @Test("what is typed while a save runs stays in the editor, still claimed, after the save")
    func typedDuringTheSave() async throws {
        let locks = RecordingEditLocks()
        let harness = try await seeded(locks: locks)
        harness.press(.character("e"), .controlEnd)
        harness.type(" and warm")
        harness.press(.control("s"))
        harness.type(", red")
        await harness.model.settle()
        #expect(try await harness.fixture.reports.report(id: 2)?.text == "knee swollen and warm")
        #expect(harness.model.editor?.text.text == "knee swollen and warm, red")
        #expect(harness.lastNotice.hasSuffix("What you typed since is still in the editor."))
        #expect(locks.calls.current == ["claim 2"])
        harness.press(.control("s"))
        await harness.model.settle()
        #expect(try await harness.fixture.reports.report(id: 2)?.text == "knee swollen and warm, red")
        #expect(harness.model.editor == nil && locks.calls.current == ["claim 2", "release 2"])
    }

    @Test("a report deleted without its claim: the editor keeps the text and says who deleted it and when")
    func deletedUnderTheEditor() async throws {
        let harness = try await seeded()
        harness.press(.character("e"), .controlEnd)
        harness.type(" and warm")
        _ = try await harness.fixture.reports.deleteDraft(id: 2, by: "anna", at: harness.fixture.clock.wallTime)
        harness.press(.control("s"))
        await harness.model.settle()
        #expect(harness.model.editor?.text.text == "knee swollen and warm")
        #expect(
            harness.lastNotice.hasPrefix(
                "Report 2 (draft, session \"Room 12\", dictated by anna) was deleted by anna on "),
            "\(harness.lastNotice)")
    }

    @Test("text from $EDITOR whose save is refused goes into the in-place editor, claimed; signed meanwhile asks")
    func externalTextKept() async throws {
        let locks = RecordingEditLocks()
        let harness = try await seeded(locks: locks)
        guard case .editExternally(let report) = harness.model.handle(.character("E")) else {
            Issue.record("E did not start the editor")
            return
        }
        harness.fixture.reports.failWrites(with: ReportStoreError.noSuchReport(id: 99))
        harness.model.finishExternalEdit(of: report, text: "knee swollen, from vi")
        await harness.model.settle()
        #expect(harness.model.editor?.text.text == "knee swollen, from vi")
        #expect(harness.lastNotice.hasSuffix("Your text is still in the editor."))
        #expect(locks.calls.current == ["claim 2"])
        harness.fixture.reports.failWrites(with: nil)
        harness.press(.escape, .character("y"))  // throw it away, to try the next case
        _ = try await harness.fixture.reports.sign(id: 2, by: "bob", at: harness.fixture.clock.wallTime)
        harness.model.finishExternalEdit(of: report, text: "A VITAL EXTERNAL CORRECTION")
        await harness.model.settle()
        #expect(harness.render().find("Why does the signed report change?") != nil)
        harness.press(.escape)
        #expect(harness.model.editor?.text.text == "A VITAL EXTERNAL CORRECTION", "never lost")
    }

    @Test("D asks before deleting a draft of yours (only y deletes); a signed report or another's draft is refused")
    func deleteDraft() async throws {
        let harness = try await seeded()
        harness.press(.character("D"))
        #expect(harness.render().find("Delete draft report #2?") != nil)
        harness.press(.enter)
        await harness.model.settle()
        #expect(try await harness.fixture.reports.report(id: 2) != nil, "Enter never deletes")
        harness.press(.down, .character("D"))
        #expect(harness.model.dialog == nil)
        #expect(harness.lastNotice.hasPrefix("Report 1 is a draft by bob: only its author deletes it."))
        _ = try await harness.fixture.reports.sign(id: 1, by: "bob", at: harness.fixture.clock.wallTime)
        harness.model.reloadReports()
        await harness.model.settle()
        harness.press(.enter, .character("D"))
        #expect(harness.model.dialog == nil)
        #expect(harness.lastNotice.hasPrefix("Report 1 is signed: it is never deleted."))
        harness.press(.escape, .up, .character("D"), .character("y"))
        await harness.model.settle()
        #expect(try await harness.fixture.reports.report(id: 2) == nil)
        #expect(harness.model.reportList.reports.map(\.id) == [1])
        #expect(
            harness.lastNotice == "Deleted draft report #2; the history of \"Room 12\" keeps who deleted it and when.")
        #expect(try await harness.fixture.reports.deletion(ofReport: 2)?.actor == "anna")
    }

    @Test("R asks what is wrong, then whether; the report is kept, out of the list until a shows it, and says so")
    func enterInError() async throws {
        let harness = try await seeded()
        _ = try await harness.fixture.reports.sign(id: 2, by: "anna", at: harness.fixture.clock.wallTime)
        harness.model.reloadReports()
        await harness.model.settle()
        harness.press(.character("R"))
        #expect(harness.render().find("What is wrong with it?") != nil)
        harness.press(.enter)
        #expect(harness.render().find("A report is marked entered in error only with a reason") != nil)
        harness.type("wrong patient")
        harness.press(.enter)
        #expect(harness.render().find("Mark report #2 entered in error?") != nil)
        harness.press(.escape)
        await harness.model.settle()
        #expect(try await harness.fixture.reports.report(id: 2)?.enteredInError == nil, "only y marks it")
        harness.press(.character("R"))
        harness.type("wrong patient")
        harness.press(.enter, .character("y"))
        await harness.model.settle()
        let marked = try #require(try await harness.fixture.reports.report(id: 2))
        #expect(marked.enteredInError?.by == "anna" && marked.enteredInError?.reason == "wrong patient")
        #expect(harness.model.reportList.reports.map(\.id) == [1], "left out of the list")
        harness.press(.character("a"))
        await harness.model.settle()
        var grid = harness.render()
        #expect(grid.find("Reports · in error too") != nil)
        #expect(harness.model.reportList.reports.map(\.id) == [2, 1])
        #expect(grid.line(try #require(grid.find("knee swollen")).row).contains("in error"))
        harness.press(.enter)
        await harness.model.settle()
        grid = harness.render()
        #expect(grid.find("· signed · entered in error") != nil)
        #expect(grid.find("Entered in error by anna on") != nil && grid.find(": wrong patient") != nil)
        #expect(grid.find("entered in error by anna: wrong patient") != nil, "in its history")
        harness.press(.character("e"))
        #expect(harness.model.editor == nil)
        #expect(harness.lastNotice.hasPrefix("Report 2 was entered in error by anna on"))
        harness.press(.character("D"))
        #expect(harness.lastNotice.hasSuffix("It is kept as it is: it changes no more and is never deleted."))
    }

    @Test("the keys are named: D, R and a in the list's help, and S, D, R only where they apply")
    func keysNamed() async throws {
        let harness = try await seeded()
        let list = harness.model.keyHelp.keys
        let keys = Dictionary(uniqueKeysWithValues: list.map { ($0.keys, $0) })
        #expect(keys["a"]?.label == "In error too")
        #expect(keys["D"]?.applies == true, "a draft of anna's")
        #expect(keys["R"]?.applies == true)
        harness.press(.down)
        let others = Dictionary(uniqueKeysWithValues: harness.model.keyHelp.keys.map { ($0.keys, $0) })
        #expect(others["D"]?.applies == false, "bob's draft is not anna's to delete")
        harness.press(.function(1))
        #expect(harness.render().find("Mark a wrong report entered in error") != nil)
    }
}
