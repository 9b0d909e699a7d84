import Foundation
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
