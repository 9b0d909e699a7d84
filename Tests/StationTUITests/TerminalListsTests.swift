import Foundation
import StationTestSupport
import Testing

/// The lists on the real binary in tmux (issue 23): the patient's identifier is never cut, the rows
/// carry the report number, a kept search says what it hides, dates carry their year or say today.
@Suite("Lists in tmux: whole identifiers, report numbers, searches that hide, dates", .serialized)
struct TerminalListsTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("lists") }

    func station(_ arguments: String...) throws -> (status: Int32, output: String) { try terminal.run(arguments) }

    /// The line of `screen` holding `text`.
    static func line(_ screen: String, _ text: String) -> String {
        screen.split(separator: "\n").first { $0.contains(text) }.map(String.init) ?? ""
    }

    /// Whether `screen` is a frame drawn for `columns`: the report list's box ends at the last column.
    static func isDrawn(_ screen: String, columns: Int) -> Bool {
        let top = line(screen, "─ Reports")
        return top.count == columns && top.hasSuffix("┐")
    }

    @Test("identifiers stay whole at 120×40 and 80×24: sessions, list, report header, reports; /200871 finds one")
    func identifiersWhole() async throws {
        let data = terminal.data
        try await ListSeeding.session(
            "Room 12 – Mr de Vries, second floor", patient: ListSeeding.devries, priority: .urgent, to: data)
        let okafor = try await ListSeeding.report(
            "Wound dressing changed, the edges are clean and dry and there is no sign of infection today.",
            patient: ListSeeding.okafor, session: "Bed 4 – Mr Okafor, surgical ward", to: data)
        try await ListSeeding.report(
            "Knee pain on the left side since the fall last week, worse on the stairs.",
            patient: ListSeeding.jansen, session: "Room 7 – Mrs Jansen, outpatient clinic", to: data)

        let listed = try station("reports").output
        #expect(Self.line(listed, "Wound").contains("(MRN200871)"), "\(listed)")
        #expect(Self.line(listed, "Knee").contains("Anna Jansen (MRN118204)"), "\(listed)")

        let tmux = try terminal.start()
        defer { tmux.shutDown() }
        for (columns, rows) in [(120, 40), (80, 24)] {
            try tmux.resize(rows: rows, columns: columns)
            let screen = try tmux.waitFor("the list at \(columns)×\(rows)") {
                Self.isDrawn($0, columns: columns) && Self.line($0, "Knee").contains("(MRN118204)")
            }
            let session = Self.line(screen, "Pieter")
            #expect(session.contains("(MRN300512)"), "sessions pane at \(columns): \(screen)")
            #expect(session.contains("URGENT"), "sessions pane at \(columns): \(screen)")
            #expect(Self.line(screen, "Wound").contains("(MRN200871)"), "list at \(columns): \(screen)")
            #expect(Self.line(screen, "Wound").contains("#\(okafor.id) "), "the report number at \(columns)")
        }
        try tmux.focusReports(listing: "Wound")
        try tmux.send("/")
        try tmux.type("200871")
        let found = try tmux.waitFor("the search for the digits") {
            $0.contains("matching \"200871\"") && !$0.contains("Knee")
        }
        #expect(Self.line(found, "Wound").contains("(MRN200871)"), "\(found)")
        try tmux.send("Enter")
        let header = try tmux.send("Enter", thenWaitFor: "Report #\(okafor.id)")
        #expect(header.contains("(MRN200871)"), "\(header)")
        #expect(Self.line(header, "Patient:").contains("(MRN200871)"), "\(header)")
    }

    @Test("a report that arrives outside a kept search or filter is announced, with how to see it")
    func arrivalsOutsideTheSearch() async throws {
        let data = terminal.data
        try await ListSeeding.report(
            "The wound is clean.", patient: ListSeeding.okafor, session: "Bed 4", priority: .urgent, to: data)
        let tmux = try terminal.start()
        defer { tmux.shutDown() }
        try tmux.focusReports(listing: "The wound is clean.")
        try tmux.send("/")
        try tmux.type("wound")
        try tmux.send("Enter")
        _ = try tmux.waitUntilGone("Search: ")

        // Another station stores a report that does not match: the list says so and how to clear it.
        try await ListSeeding.report(
            "Knee pain since the fall.", patient: ListSeeding.jansen, session: "Room 7", to: data)
        let hidden = try tmux.waitFor("1 new report outside the search — Esc clears it")
        #expect(!hidden.contains("Knee pain"), "\(hidden)")
        // One that matches is simply shown, and the count stays.
        try await ListSeeding.report("Second wound dressed.", patient: ListSeeding.okafor, session: "Bed 4", to: data)
        let shown = try tmux.waitFor("Second wound dressed.")
        #expect(shown.contains("1 new report outside the search"), "\(shown)")
        try tmux.send("Escape")
        let cleared = try tmux.waitFor("Knee pain since the fall.")
        #expect(!cleared.contains("outside the search"), "\(cleared)")

        // A filter hides arrivals too: only urgent reports, then a normal one comes.
        try tmux.send("!")
        _ = try tmux.waitFor("Reports · urgent")
        _ = try tmux.waitUntilGone("Knee pain")
        try await ListSeeding.report(
            "Routine check, all well.", patient: ListSeeding.jansen, session: "Room 7", to: data)
        _ = try tmux.waitFor("1 new report outside the filters (urgent) — Esc shows every report")
        try tmux.send("Escape")
        let all = try tmux.waitFor("Routine check, all well.")
        #expect(!all.contains("outside the filters") && all.contains("Knee pain"), "\(all)")
    }
}
