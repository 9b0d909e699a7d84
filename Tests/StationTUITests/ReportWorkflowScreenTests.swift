import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import StationTUI

/// The report list's workflow columns, filters and search marks; signing, amendments, the history and
/// the one-editor claim, with the in-memory store.
@Suite("Reports in the screen: patient, author, type, status, signing, amendments")
@MainActor
struct ReportWorkflowScreenTests {
    static let jansen = Patient(name: "Jansen", identifier: "123456", system: Patient.localSystem)

    /// Three reports: anna's urgent referral about Jansen, bob's note, and one from before authors.
    func seeded(rows: Int = 30, columns: Int = 120, author: String? = "anna") async throws -> ScreenHarness {
        let harness = ScreenHarness(rows: rows, columns: columns, author: author)
        try await harness.addReport(session: "Old", text: "an old report", author: nil)
        try await harness.addReport(session: "Ward", text: "bob's note\nthe fracture heals", author: "bob")
        try await harness.addReport(
            session: "Room 12", text: "knee swollen", author: "anna", patient: Self.jansen,
            workType: "referral-letter", priority: .urgent)
        _ = try await harness.fixture.reports.add(
            NewReport(
                sessionName: "Normal", locale: "en-US", created: harness.fixture.clock.wallTime,
                audioDuration: .seconds(1), audioFile: nil, text: "newest but normal", author: "anna"))
        harness.model.reloadReports()
        await harness.model.settle()
        return harness
    }

    func row(_ grid: GridCanvas, _ text: String) throws -> String {
        grid.line(try #require(grid.find(text), "\(text) on screen").row)
    }

    @Test(
        "columns for patient, author, type and status join as the width grows; urgent comes first, marked !",
        arguments: [80, 120, 200])
    func columns(width: Int) async throws {
        let harness = try await seeded(columns: width)
        let grid = harness.render()
        let urgent = try row(grid, "knee swollen")
        #expect(
            urgent.contains("Jansen (123456)"), "the patient at \(width): \(urgent)")
        #expect(urgent.contains("draft"))
        #expect(urgent.contains("anna") == (width >= 120), "the author from 120 columns: \(urgent)")
        #expect(urgent.contains("Referral letter") == (width >= 200), "the type at 200: \(urgent)")
        #expect(try row(grid, "an old report").contains("unknown author") == (width >= 120))
        let list = harness.model.layout.reports
        #expect(grid.find("knee swollen")!.row == list.row + 1, "urgent first, above the newer normal report")
        let mark = Point(row: list.row + 1, column: list.column + 1)
        #expect(grid.line(mark.row).dropFirst().first == "!")
        #expect(grid.role(at: mark) == .error || grid.role(at: mark) == .selection)
        #expect(!(try row(grid, "newest but normal").dropFirst().hasPrefix("!")))
        #expect(DisplayWidth.of(urgent) == width)
    }

    @Test("m, u and ! filter mine, unsigned and urgent, named in the pane title; again shows all")
    func filters() async throws {
        let harness = try await seeded()
        harness.press(.tab, .character("m"))
        await harness.model.settle()
        var grid = harness.render()
        #expect(grid.find("Reports · mine") != nil)
        #expect(grid.find("bob's note") == nil && grid.find("knee swollen") != nil)
        harness.press(.character("!"))
        await harness.model.settle()
        grid = harness.render()
        #expect(grid.find("Reports · mine · urgent") != nil)
        #expect(harness.model.reportList.reports.map(\.text) == ["knee swollen"])
        harness.press(.character("m"), .character("!"), .character("u"))
        await harness.model.settle()
        #expect(harness.render().find("Reports · unsigned") != nil)
        #expect(harness.model.reportList.reports.count == 4, "nothing is signed yet")
        harness.press(.character("u"))
        await harness.model.settle()
        #expect(harness.render().find("Reports ·") == nil)
    }

    @Test("search marks the matches, in the patient column too, and shows a matching line below the first")
    func searchMarks() async throws {
        let harness = try await seeded(columns: 120)
        harness.press(.character("/"))
        harness.type("jans")
        await harness.model.settle()
        var grid = harness.render()
        #expect(harness.model.reportList.reports.map(\.text) == ["knee swollen"])
        #expect(grid.role(of: "Jans") == .match)
        #expect(grid.role(of: "en (123456)") != .match, "only the typed prefix is marked")
        harness.press(.escape, .character("/"))
        harness.type("fract")
        await harness.model.settle()
        grid = harness.render()
        let shown = try row(grid, "… the fracture heals")
        #expect(!shown.contains("bob's note"), "the matching line stands in for the first: \(shown)")
        let start = try #require(grid.find("… the fracture"))
        #expect(grid.role(at: Point(row: start.row, column: start.column + 6)) == .match, "f of fracture")
        #expect(grid.role(at: Point(row: start.row, column: start.column + 11)) != .match, "u of fracture")
    }

    @Test(
        "S asks before signing (Enter does not sign), y signs as the station's author; the view shows signer and history"
    )
    func signing() async throws {
        let harness = try await seeded()
        harness.press(.tab)  // the urgent report is selected
        // The list shows one line of it: S there says to open it first.
        harness.press(.character("S"))
        #expect(harness.model.dialog == nil)
        #expect(
            harness.lastNotice
                == "Open report 3 and read it before signing it: S signs from the report view (Enter opens it).")
        #expect(!harness.model.keyHelp.keys.contains { $0.keys == "S" && $0.applies }, "the list's key bar has no S")
        harness.press(.enter)
        await harness.model.settle()
        #expect(harness.model.keyHelp.keys.contains { $0.keys == "S" && $0.applies }, "the view's key bar has S")
        harness.press(.character("S"))
        #expect(harness.render().find("Sign report #3?") != nil)
        #expect(harness.render().find("as anna?") != nil)
        guard case .confirm(_, let message, _) = harness.model.dialog else {
            Issue.record("no question: \(String(describing: harness.model.dialog))")
            return
        }
        #expect(message.contains("It begins: \"knee swollen\"."), "\(message)")
        harness.press(.enter)
        await harness.model.settle()
        #expect(try await harness.fixture.reports.report(id: 3)?.status == .draft, "Enter never signs")
        harness.press(.character("S"), .character("y"))
        await harness.model.settle()
        let signed = try #require(try await harness.fixture.reports.report(id: 3))
        #expect(signed.status == .signed && signed.signedBy == "anna")
        #expect(harness.lastNotice == "Signed report #3 as anna.")
        let grid = harness.render()
        #expect(grid.find("Signed by anna on") != nil)
        #expect(grid.find("created by anna") != nil && grid.find("signed by anna") != nil)
        #expect(grid.find("Patient: Jansen (123456)") != nil)
        #expect(grid.find("Referral letter · URGENT · dictated by anna") != nil)
        harness.press(.character("S"))
        #expect(harness.model.dialog == nil)
        #expect(harness.lastNotice.contains("signed already by anna"))
        harness.press(.escape)
        #expect(try row(harness.render(), "knee swollen").contains("signed"))
    }

    @Test("S in the open report signs it too")
    func signingInView() async throws {
        let harness = try await seeded()
        harness.press(.tab, .down, .enter)  // the newest normal report, #4
        await harness.model.settle()
        #expect(harness.model.reportView?.report.id == 4)
        harness.press(.character("S"), .character("y"))
        await harness.model.settle()
        #expect(try await harness.fixture.reports.report(id: 4)?.signedBy == "anna")
        #expect(harness.render().find("Signed by anna on") != nil)
    }

    @Test("a station that does not know its user cannot sign")
    func signingNeedsAuthor() async throws {
        let harness = try await seeded(author: nil)
        harness.press(.tab, .character("S"))
        #expect(harness.model.dialog == nil)
        #expect(harness.lastNotice.contains("cannot sign"))
    }

    @Test("editing a signed report asks for the reason before saving: none is refused, one makes an amendment")
    func amendment() async throws {
        let harness = try await seeded()
        _ = try await harness.fixture.reports.sign(id: 3, by: "anna", at: harness.fixture.clock.wallTime)
        harness.model.reloadReports()
        await harness.model.settle()
        harness.press(.tab, .character("e"), .controlEnd)
        harness.type(" and warm")
        harness.press(.control("s"))
        #expect(harness.render().find("Why does the signed report change?") != nil)
        harness.press(.enter)
        #expect(harness.render().find("A signed report changes only with a reason.") != nil)
        harness.type("warmth was missing")
        harness.press(.enter)
        await harness.model.settle()
        let amended = try #require(try await harness.fixture.reports.report(id: 3))
        #expect(amended.status == .amended && amended.text == "knee swollen and warm")
        #expect(try await harness.fixture.reports.revisions(id: 3).last?.reason == "warmth was missing")
        #expect(harness.model.editor == nil)
        let grid = harness.render()
        #expect(grid.find("amended by anna: warmth was missing") != nil)
    }

    @Test("text from $EDITOR for a signed report waits in the editor when the reason is not given")
    func externalAmendmentKept() async throws {
        let harness = try await seeded()
        let signed = try await harness.fixture.reports.sign(id: 3, by: "anna", at: harness.fixture.clock.wallTime)
        harness.model.finishExternalEdit(of: signed, text: "knee better")
        #expect(harness.render().find("Why does the signed report change?") != nil)
        harness.press(.escape)
        #expect(harness.model.editor?.text.text == "knee better")
        #expect(harness.model.editor?.text.isDirty == true)
        #expect(try await harness.fixture.reports.report(id: 3)?.status == .signed, "nothing saved without a reason")
    }

    @Test("the editor opens on the stored text when another station saved since the report was read")
    func editsLatest() async throws {
        let harness = ScreenHarness(author: "bob")
        try await harness.addReport(session: "Ward", text: "one", author: "bob")
        harness.press(.tab, .enter)
        // Another station corrects it; this one has not reloaded yet.
        _ = try await harness.fixture.reports.revise(
            id: 1, text: "one, by anna", at: harness.fixture.clock.wallTime, by: "anna", reason: nil)
        harness.press(.character("e"))
        await harness.model.settle()
        #expect(harness.model.editor?.text.text == "one, by anna")
        #expect(harness.lastNotice.contains("changed at another station"))
        harness.press(.escape)
        _ = try await harness.fixture.reports.sign(id: 1, by: "anna", at: harness.fixture.clock.wallTime)
        harness.model.reloadReports()
        await harness.model.settle()
        #expect(harness.model.reportView?.report.status == .signed, "the open report follows the list's reload")
        #expect(harness.render().find("Signed by anna") != nil)
    }

    @Test("e and E claim the report; another station's claim is named; closing the editor gives the claim back")
    func editClaims() async throws {
        let locks = RecordingEditLocks(heldElsewhere: [2: DictationHolder(user: "anna", host: "ws-12", processID: 7)])
        let harness = ScreenHarness(author: "bob", editLocks: locks)
        try await harness.addReport(session: "Ward", text: "one", author: "bob")
        try await harness.addReport(session: "Room 12", text: "two", author: "anna")
        harness.press(.tab, .character("e"))  // report 2, the newest
        #expect(harness.model.editor == nil)
        #expect(harness.lastNotice.hasPrefix("Report 2 is being corrected by anna on ws-12"))
        #expect(harness.model.handle(.character("E")) == .none)
        harness.press(.escape, .down, .character("e"))
        #expect(harness.model.editor?.report.id == 1)
        harness.press(.escape)
        #expect(locks.calls.current == ["claim 1", "release 1"])
        harness.press(.escape)  // close the report view
        let effect = harness.model.handle(.character("E"))
        guard case .editExternally(let report) = effect else {
            Issue.record("E did not start the editor: \(effect)")
            return
        }
        #expect(locks.calls.current.last == "claim 1")
        harness.model.finishExternalEdit(of: report, text: "one, corrected")
        await harness.model.settle()
        #expect(locks.calls.current.last == "release 1")
        #expect(try await harness.fixture.reports.report(id: 1)?.text == "one, corrected")

        // Signing holds the claim while it runs, and waits for whoever corrects the report.
        harness.press(.up, .enter)
        await harness.model.settle()
        harness.press(.character("S"), .character("y"))
        await harness.model.settle()
        #expect(harness.lastNotice.hasPrefix("Report 2 is being corrected by anna on ws-12. Sign it when"))
        #expect(try await harness.fixture.reports.report(id: 2)?.status == .draft)
        harness.press(.escape, .down, .enter)
        await harness.model.settle()
        harness.press(.character("S"), .character("y"))
        await harness.model.settle()
        #expect(try await harness.fixture.reports.report(id: 1)?.status == .signed)
        #expect(locks.calls.current.suffix(2) == ["claim 1", "release 1"])
    }
}
