import Foundation
import StationTestSupport
import Testing

/// The new-session dialog on the real binary in tmux, at a wide and the smallest usual terminal (issue
/// 23, item 9): Tab moves between the steps and never makes the session; Enter on the last step makes
/// it and the notice says exactly what was made; Esc makes nothing and says so; typing in the patient
/// list starts a new patient; every hint says what its key does.
@Suite("The new-session dialog in tmux", .serialized)
struct TerminalNewSessionTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("newsession") }

    static let sizes = [(rows: 40, columns: 120), (rows: 24, columns: 80)]

    /// Whether the sessions list shows Room 12 (a notice names it without the list's `○`).
    static func sessionsShown(in screen: String) -> Bool {
        screen.split(separator: "\n").contains { $0.contains("○ Room 12") }
    }

    @Test(
        "Tab goes from the name to the patient's name and identifier and makes nothing; Esc makes nothing and says so",
        arguments: sizes)
    func tabMakesNothing(size: (rows: Int, columns: Int)) throws {
        let tmux = try terminal.start(rows: size.rows, columns: size.columns)
        defer { tmux.shutDown() }
        try tmux.send("n")
        let name = try tmux.waitFor("the name step with its keys") {
            $0.contains("New session") && TmuxSession.keyBar(of: $0).contains("Esc")
        }
        #expect(name.contains("Enter creates it now"), "the name's hint says what Enter does:\n\(name)")
        #expect(name.contains("Tab: its patient, type and priority"), "and what Tab does:\n\(name)")
        #expect(TmuxSession.keyBar(of: name).contains("Tab Next"), "\(name)")
        try tmux.type("Room 12 – Mrs Jansen")
        try tmux.send("Tab")
        // No patient is known yet, so the new patient's name is asked at once.
        let patient = try tmux.waitFor("Patient's name:")
        #expect(!Self.sessionsShown(in: patient), "Tab made the session:\n\(patient)")
        #expect(patient.contains("Esc cancels: no session is made"), "\(patient)")
        #expect(TmuxSession.keyBar(of: patient).contains("Shift-Tab Back"), "\(patient)")
        try tmux.type("Anna Jansen")
        try tmux.send("Tab")
        _ = try tmux.waitFor("Identifier (MRN) of Anna Jansen:")
        // Shift-Tab goes back with the name as typed, and Tab on again.
        try tmux.send("BTab")
        _ = try tmux.waitFor("the patient's name again") {
            $0.contains("Patient's name:") && $0.contains("Anna Jansen")
        }
        try tmux.send("Tab")
        _ = try tmux.waitFor("Identifier (MRN) of Anna Jansen:")
        try tmux.send("Escape")
        let cancelled = try tmux.waitFor("New session cancelled: nothing was created.")
        #expect(!Self.sessionsShown(in: cancelled), "a session was left behind:\n\(cancelled)")
        #expect(!cancelled.contains("Room 12"), "no session, no notice names one:\n\(cancelled)")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test(
        "typing in the patient list starts a new patient; Enter on the last step makes the session, as the notice says",
        arguments: sizes)
    func typingStartsNewPatient(size: (rows: Int, columns: Int)) throws {
        let tmux = try terminal.start(rows: size.rows, columns: size.columns)
        defer { tmux.shutDown() }
        // A first session with a patient, so the second one is offered a recent patient.
        try tmux.send("n")
        _ = try tmux.waitFor("New session")
        try tmux.type("Ward round")
        try tmux.send("Tab")
        _ = try tmux.waitFor("Patient's name:")
        try tmux.type("Pieter de Vries")
        try tmux.send("Enter")
        _ = try tmux.waitFor("Identifier (MRN) of Pieter de Vries:")
        try tmux.type("MRN3005")
        try tmux.send("Enter")
        _ = try tmux.waitFor("LOINC 11506-3")
        try tmux.send("Tab")
        let last = try tmux.waitFor("listed first")
        #expect(last.contains("Enter creates \"Ward round\""), "the last step's hint:\n\(last)")
        #expect(TmuxSession.keyBar(of: last).contains("Enter Create"), "\(last)")
        #expect(!TmuxSession.keyBar(of: last).contains("Tab Next"), "\(last)")
        // Tab on the last step goes no further and makes nothing.
        try tmux.send("Tab")
        let stayed = try tmux.waitFor("This is the last step: Enter creates \"Ward round\"")
        #expect(stayed.contains("listed first"), "the last step stays open:\n\(stayed)")
        #expect(!stayed.contains("○ Ward round"), "Tab made the session:\n\(stayed)")
        try tmux.send("Down", "Enter")
        _ = try tmux.waitFor("Created Ward round for Pieter de Vries (MRN3005), progress note, urgent.")

        try tmux.send("n")
        _ = try tmux.waitFor("New session")
        try tmux.type("Room 12 – Mrs Jansen")
        try tmux.send("Tab")
        let list = try tmux.waitFor("Patient for \"Room 12 – Mrs Jansen\"")
        #expect(list.contains("Pieter de Vries (MRN3005)") && list.contains("No patient"), "\(list)")
        #expect(list.contains("Type a name for a new patient"), "the list says typing starts one:\n\(list)")
        #expect(!Self.sessionsShown(in: list), "Tab made the session:\n\(list)")
        // Typing (lower-case j and k included: they are letters of a name here) starts the new patient.
        try tmux.type("Anna Jansen-kj")
        let typed = try tmux.waitFor("the typed name in the patient's name field") {
            $0.contains("Patient's name:") && $0.contains("Anna Jansen-kj")
        }
        #expect(!typed.contains("Patient for"), "\(typed)")
        try tmux.send("BSpace", "BSpace", "BSpace", "Enter")
        _ = try tmux.waitFor("Identifier (MRN) of Anna Jansen:")
        try tmux.type("123456")
        try tmux.send("Enter")
        _ = try tmux.waitFor("LOINC 11506-3")
        try tmux.send("Enter")
        _ = try tmux.waitFor("listed first")
        try tmux.send("Enter")
        let created = try tmux.waitFor("Created Room 12 – Mrs Jansen for Anna Jansen (MRN 123456), progress note.")
        #expect(
            created.contains("Room 12 – Mrs Jansen · Anna Jansen (123456)"), "the recording pane shows it:\n\(created)")

        // `i` and Esc: the session stays as it is, and the notice says what it is.
        try tmux.send("i")
        let details = try tmux.waitFor("Patient for \"Room 12 – Mrs Jansen\"")
        #expect(details.contains("Esc leaves the session as it is"), "\(details)")
        try tmux.send("Escape")
        _ = try tmux.waitFor("Room 12 – Mrs Jansen unchanged: Anna Jansen (MRN 123456), progress note.")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }
}

/// A list over the screen takes Space, and says where recording starts instead of ignoring it (issue 23,
/// item 2's rule, in every list).
@Suite("Space in a list in tmux", .serialized)
struct TerminalListSpaceTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("listspace") }

    @Test("Space in the work-type list and in the locale list records nothing and says where it does")
    func spaceInLists() throws {
        let tmux = try terminal.start(rows: 24, columns: 80)
        defer { tmux.shutDown() }
        try tmux.createSession("Ward round")
        try tmux.send("n")
        _ = try tmux.waitFor("New session")
        try tmux.type("Room 12")
        try tmux.send("Tab", "Enter", "Enter")
        _ = try tmux.waitFor("LOINC 11506-3")
        try tmux.send("Space")
        let inSteps = try tmux.waitFor("Space records from the sessions pane. Finish with Enter or Esc first.")
        #expect(inSteps.contains("LOINC 11506-3"), "the list stays open:\n\(inSteps)")
        try tmux.send("Escape")
        _ = try tmux.waitFor("New session cancelled: nothing was created.")
        try tmux.send("F5")
        _ = try tmux.waitFor("Locale for new sessions")
        try tmux.send("Space")
        let inPicker = try tmux.waitFor("Space records from the sessions pane. Enter chooses, Esc closes this list.")
        #expect(inPicker.contains("Locale for new sessions"), "the list stays open:\n\(inPicker)")
        #expect(!inPicker.contains("RECORDING"), "\(inPicker)")
        try tmux.send("Escape")
        _ = try tmux.waitUntilGone("Locale for new sessions")
        #expect(try terminal.run(["status"]).output.contains("REC") == false)
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }
}
