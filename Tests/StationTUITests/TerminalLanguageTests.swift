import Foundation
import StationCore
import StationTestSupport
import Testing

/// The real binary in tmux under LANG=nl_NL.UTF-8 (scripts/test generates that locale): what it says on
/// the screen, in the window title and through the control socket is Dutch.
@Suite("The station in Dutch in tmux", .serialized)
struct TerminalLanguageTests {
    @Test("LANG=nl_NL.UTF-8: the session, the refusal, the title and ctl status read Dutch")
    func dutch() throws {
        let terminal = try StationInTmux("dutch")
        // An audio server that is not there: the station must say so, in Dutch.
        let tmux = try terminal.start(
            [], environment: ["LANG": "nl_NL.UTF-8", "PULSE_SERVER": "unix:/nonexistent/dictation-station-test"])
        defer { tmux.shutDown() }
        try tmux.send("Space")
        let screen = try tmux.waitFor("Er is geen audioserver bereikbaar, dus de microfoon kan niet gebruikt worden.")
        #expect(screen.contains("Dictaat"), "the first session's name: \(screen)")
        #expect(screen.contains("Nog geen verslagen."), "the report list: \(screen)")
        #expect(screen.contains("Verslagen") && screen.contains("Sessies"), "the panes' titles: \(screen)")
        #expect(screen.contains("Space Opnemen"), "the key bar: \(screen)")
        #expect(screen.contains("✖  Er is geen audioserver bereikbaar"), "the notification strip: \(screen)")
        #expect(try tmux.format("#{pane_title}") == "NIET BEZIG Dictaat", "the window title")
        // ctl runs in English here; the station answers in its own language.
        #expect(try terminal.run(["ctl", "status"]).output == "NIET BEZIG Dictaat")
    }

    @Test(
        "LANG=nl_NL.UTF-8: the report list's status column holds the Dutch words whole; the header spells the month"
    )
    func dutchReports() async throws {
        let terminal = try StationInTmux("dutch-reports")
        let data = terminal.data
        let database = try await ListSeeding.database(data)
        let calendar = Calendar.current
        let dictated = try #require(
            calendar.date(from: DateComponents(year: 2025, month: 12, day: 1, hour: 21, minute: 59)))
        let signed = try await ListSeeding.report(
            "Knie links gezwollen.", patient: ListSeeding.jansen, session: "Kamer 7", created: dictated, to: data)
        _ = try await database.sign(id: signed.id, by: "anna", at: dictated.addingTimeInterval(240))
        let corrected = try await ListSeeding.report(
            "Hoest sinds drie dagen.", patient: ListSeeding.okafor, session: "Bed 4", to: data)
        _ = try await database.revise(
            id: corrected.id, text: "Droge hoest sinds drie dagen.", at: Date(), by: "anna", reason: nil)

        let tmux = try terminal.start(
            [], environment: ["LANG": "nl_NL.UTF-8", "PULSE_SERVER": "unix:/nonexistent/dictation-station-test"])
        defer { tmux.shutDown() }
        try tmux.resize(rows: 40, columns: 120)
        let list = try tmux.waitFor("both rows, 120 wide") {
            let top = Self.line($0, "─ Verslagen")
            return $0.contains("Knie links") && $0.contains("Droge hoest") && top.count == 120 && top.hasSuffix("┐")
        }
        #expect(Self.line(list, "Knie links").contains(" ondertekend "), "\(list)")
        #expect(Self.line(list, "Droge hoest").contains(" gecorrigeerd "), "\(list)")
        #expect(Self.line(list, "Droge hoest").contains("vandaag "), "today in Dutch: \(list)")
        #expect(Self.line(list, "Knie links").contains("2025-12-01 21:59"), "\(list)")

        try tmux.send("Tab")
        _ = try tmux.waitForKeys("Enter Openen")
        try tmux.send("Down")
        let header = try tmux.send("Enter", thenWaitFor: "Verslag #\(signed.id)")
        let flat = header.replacingOccurrences(of: "│", with: " ")
        #expect(flat.contains("Gedicteerd op 1 december 2025 21:59"), "\(header)")
        #expect(flat.contains("Ondertekend door anna op 1 december 2025 22:03"), "\(header)")
    }

    /// The line of `screen` holding `text`.
    static func line(_ screen: String, _ text: String) -> String {
        screen.split(separator: "\n").first { $0.contains(text) }.map(String.init) ?? ""
    }

    @Test("Without a language asked for, the same station reads English")
    func english() throws {
        let terminal = try StationInTmux("english")
        let tmux = try terminal.start([], environment: ["PULSE_SERVER": "unix:/nonexistent/dictation-station-test"])
        defer { tmux.shutDown() }
        try tmux.send("Space")
        let screen = try tmux.waitFor("No audio server is reachable, so the microphone cannot be used.")
        #expect(screen.contains("Dictation"))
        #expect(try tmux.format("#{pane_title}") == "IDLE Dictation")
    }
}
