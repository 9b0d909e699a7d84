import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import StationTUI

/// `n` then Tab, and `i`: a session's patient (typed or a recent one), work type and priority.
@Suite("Session details: patient, work type, priority")
@MainActor
struct SessionDetailsTests {
    static let jansen = Patient(name: "Jansen", identifier: "123456", system: Patient.localSystem)

    @Test(
        "n, a name and Tab ask for the patient's name and id, the work type and urgent, making nothing before Enter on the last step; Enter on the name makes it at once"
    )
    func newSessionWithDetails() async throws {
        let harness = ScreenHarness(author: "anna")
        harness.press(.character("n"))
        harness.type("Room 12")
        #expect(harness.render().find("Tab: its patient, type and priority") != nil, "the name dialog says Tab goes on")
        harness.press(.tab)
        await harness.model.settle()
        #expect(harness.station.sessions.isEmpty, "Tab makes no session")
        var grid = harness.render()
        #expect(grid.find("Patient's name:") != nil, "no recent patients: the name is asked at once")
        harness.type("Jansen")
        harness.press(.enter)
        grid = harness.render()
        #expect(grid.find("Identifier (MRN) of Jansen:") != nil)
        harness.type("123456")
        harness.press(.enter)
        grid = harness.render()
        #expect(grid.find("Work type") != nil && grid.find("LOINC 57133-1") != nil)
        harness.press(.down, .enter)  // Referral letter
        #expect(harness.render().find("Urgent") != nil)
        #expect(harness.station.sessions.isEmpty, "nothing is made before the last step")
        harness.press(.down, .enter)
        let session = try #require(harness.station.session(named: "Room 12"))
        #expect(
            session.properties
                == DictationProperties(patient: Self.jansen, workType: "referral-letter", priority: .urgent))
        #expect(harness.lastNotice == "Created Room 12 for Jansen (MRN 123456), referral letter, urgent.")
        #expect(harness.model.dialog == nil)

        harness.press(.character("n"))
        harness.type("Ward round")
        harness.press(.enter)
        await harness.model.settle()
        #expect(harness.model.dialog == nil, "Enter makes the session with no further questions")
        #expect(harness.station.session(named: "Ward round")?.properties == DictationProperties())
        #expect(harness.lastNotice == "Created Ward round, no patient, progress note.")
    }

    @Test("Esc at any step of a new session makes nothing, and the notice says so")
    func escapeMakesNothing() async throws {
        for tabs in 0...4 {
            let harness = ScreenHarness(author: "anna")
            harness.press(.character("n"))
            harness.type("Room 12")
            for _ in 0..<tabs { harness.press(.tab) }
            await harness.model.settle()
            harness.press(.escape)
            #expect(harness.model.dialog == nil)
            #expect(harness.station.sessions.isEmpty, "Esc after \(tabs) Tabs left a session")
            #expect(harness.lastNotice == "New session cancelled: nothing was created.")
        }
    }

    @Test("typing in the patient list starts a new patient with what was typed; j, k and q are letters there")
    func typingInTheList() async throws {
        let harness = ScreenHarness(author: "anna")
        try harness.station.createSession(named: "Ward round", properties: DictationProperties(patient: Self.jansen))
        harness.press(.character("n"))
        harness.type("Room 14")
        harness.press(.tab)
        await harness.model.settle()
        guard case .picker(_, let options, let selection, .patient) = harness.model.dialog else {
            Issue.record("no patient list: \(String(describing: harness.model.dialog))")
            return
        }
        #expect(options[selection].label == "New patient…", "a new session's list opens on a new patient")
        #expect(options.map(\.label) == ["New patient…", "Jansen (123456)", "No patient"])
        #expect(harness.render().find("Type a name for a new patient") != nil)
        harness.type("kjq Smit")
        guard case .input(_, let field, .patientName, _) = harness.model.dialog else {
            Issue.record("typing did not start a new patient: \(String(describing: harness.model.dialog))")
            return
        }
        #expect(field.text == "kjq Smit")
        harness.press(.enter, .enter, .enter, .enter)
        let session = try #require(harness.station.session(named: "Room 14"))
        #expect(session.properties.patient == Patient(name: "kjq Smit"))
        #expect(harness.lastNotice == "Created Room 14 for kjq Smit, progress note.")
    }

    @Test("Shift-Tab goes back a step with what was typed; Tab on the last step goes no further and makes nothing")
    func backAndLastStep() async throws {
        let harness = ScreenHarness(author: "anna")
        harness.press(.character("n"))
        harness.type("Room 12")
        harness.press(.tab)
        await harness.model.settle()
        harness.type("Jansen")
        harness.press(.tab)
        harness.type("123456")
        harness.press(.tab, .down, .tab)  // referral letter; the priority
        harness.press(.backTab, .backTab)
        guard case .input(_, let field, .patientIdentifier, _) = harness.model.dialog else {
            Issue.record("Shift-Tab twice is not the identifier: \(String(describing: harness.model.dialog))")
            return
        }
        #expect(field.text == "123456")
        harness.press(.backTab, .backTab)
        guard case .input(_, let name, .newSession, _) = harness.model.dialog else {
            Issue.record("not back at the name: \(String(describing: harness.model.dialog))")
            return
        }
        #expect(name.text == "Room 12")
        harness.press(.tab, .tab, .tab)
        guard case .picker(_, _, let selection, .workType) = harness.model.dialog else {
            Issue.record("not at the work type: \(String(describing: harness.model.dialog))")
            return
        }
        #expect(selection == 1, "the work type chosen before is kept")
        harness.press(.tab, .tab)
        #expect(harness.station.sessions.isEmpty, "Tab on the last step makes nothing")
        #expect(harness.lastNotice == "This is the last step: Enter creates \"Room 12\", Shift-Tab goes back.")
        harness.press(.enter)
        #expect(
            harness.station.session(named: "Room 12")?.properties
                == DictationProperties(patient: Self.jansen, workType: "referral-letter"))
        // Why Tab did nothing was about that key: the next key takes it away, so the notice of what
        // Enter did stands alone (beside it, the strip cut it at 80 columns).
        #expect(
            harness.station.notifier.notifications.map(\.message) == [
                "Created Room 12 for Jansen (MRN 123456), referral letter."
            ])
    }

    @Test("a name refused at Tab keeps the field open with the reason, and makes nothing")
    func nameRefusedAtTab() async throws {
        let harness = ScreenHarness(author: "anna")
        try harness.station.createSession(named: "Room 12")
        harness.press(.character("n"))
        harness.type("room 12")
        harness.press(.tab)
        #expect(harness.render().find("There is already a session named \"Room 12\".") != nil)
        guard case .input(_, _, .newSession, _) = harness.model.dialog else {
            Issue.record("the name step was left: \(String(describing: harness.model.dialog))")
            return
        }
        #expect(harness.station.sessions.count == 1)
    }

    @Test("the sessions list and the recording pane name the patient a session is dictated for, and URGENT")
    func patientShown() throws {
        let harness = ScreenHarness(author: "anna")
        try harness.station.createSession(named: "Ward round")
        try harness.station.createSession(
            named: "Room 12", properties: DictationProperties(patient: Self.jansen, priority: .urgent))
        let grid = harness.render(rows: 30, columns: 120)
        let heading = "Room 12 · Jansen (123456) · URGENT"
        #expect(grid.text.components(separatedBy: heading).count - 1 == 2, "the recording pane's heading and the list")
        #expect(
            grid.text.components(separatedBy: "○ Room 12 · Jansen (123456) · URGENT").count - 1 == 1,
            "the sessions list, wide enough at 120 columns")
        #expect(grid.find("Ward round") != nil && grid.find("Ward round ·") == nil, "no patient: the name alone")
    }

    @Test("i offers the recent patients; choosing one changes the session, and the reports it sent keep theirs")
    func recentPatientLater() async throws {
        let harness = ScreenHarness(author: "anna")
        let old = try await harness.addReport(
            session: "Room 12", text: "knee", author: "anna", patient: Self.jansen, priority: .urgent)
        try harness.station.createSession(named: "Ward round")
        harness.press(.character("i"))
        await harness.model.settle()
        let grid = harness.render()
        #expect(grid.find("Patient for \"Ward round\"") != nil)
        #expect(grid.find("No patient") != nil && grid.find("New patient…") != nil)
        let lines = (0..<harness.model.rows).map(grid.line)
        #expect(lines.contains { $0.contains("Jansen (123456)") && $0.contains("recent") }, "offered as recent")
        guard case .picker(_, _, let none, _) = harness.model.dialog else {
            Issue.record("no patient picker")
            return
        }
        #expect(none == 2, "a session without a patient opens on No patient, as it is")
        harness.press(.up, .enter, .enter, .enter)  // Jansen, the first type, normal
        let session = try #require(harness.station.session(named: "Ward round"))
        #expect(session.properties.patient == Self.jansen)
        #expect(session.properties.priority == .normal)
        let kept = try await harness.fixture.reports.report(id: old.id)
        #expect(kept?.properties.priority == .urgent, "a report keeps the details it was sent with")

        // Later: no patient; i preselects the session's patient.
        harness.press(.character("i"))
        await harness.model.settle()
        guard case .picker(_, _, let selection, _) = harness.model.dialog else {
            Issue.record("no patient picker")
            return
        }
        #expect(selection == 1, "the session's patient is selected")
        harness.press(.end, .enter, .enter, .enter)
        #expect(harness.station.session(named: "Ward round")?.properties.patient == nil)
    }

    @Test("a name typed before the recent patients are read goes into the name field, never to the main screen")
    func typingAhead() async throws {
        let harness = ScreenHarness(author: "anna")
        try await harness.addReport(session: "Room 12", text: "knee", author: "anna", patient: Self.jansen)
        try harness.station.createSession(named: "Ward round")
        harness.press(.character("i"))
        harness.type("Smit")
        await harness.model.settle()
        guard case .input(_, let field, .patientName, _) = harness.model.dialog else {
            Issue.record("the typed name went elsewhere: \(String(describing: harness.model.dialog))")
            return
        }
        #expect(field.text == "Smit")
        #expect(harness.station.sessions.count == 1, "no typed key reached the main screen")
    }

    @Test("a patient field with control characters is refused with the reason; Esc keeps the session as it is")
    func refusedField() async throws {
        let harness = ScreenHarness(author: "anna")
        try harness.station.createSession(named: "Room 12")
        harness.press(.character("i"))
        await harness.model.settle()
        harness.type("Jan\u{7}sen")
        harness.press(.enter)
        #expect(harness.render().find("The name: no control characters.") != nil)
        harness.press(.escape)
        #expect(harness.model.dialog == nil)
        #expect(harness.station.session(named: "Room 12")?.properties == DictationProperties())
        #expect(harness.lastNotice == "Room 12 unchanged: no patient, progress note.")
    }
}
