import Foundation
import StationTestSupport
import Testing

@testable import StationTUI

/// The real binary in a real terminal (tmux): keys, resize, the control socket, colours, the title,
/// and the terminal restored on quit and on signals. Audio and models come in the lead's end-to-end tests.
@Suite("The station in tmux", .serialized)
struct TerminalSmokeTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("smoke") }

    func start(_ extra: [String] = [], environment: [String: String] = [:]) throws -> TmuxSession {
        try terminal.start(extra, environment: environment)
    }

    func ctl(_ arguments: String...) throws -> (status: Int32, output: String) { try terminal.run(arguments) }

    @Test("make a session, drive it with ctl, resize, see help, quit; the terminal is restored")
    func session() throws {
        let tmux = try start()
        defer { tmux.shutDown() }
        try tmux.send("n")
        _ = try tmux.waitFor("New session")
        try tmux.type("Room 12 – Mrs Jansen")
        try tmux.send("Enter")
        _ = try tmux.waitFor("○ Room 12 – Mrs Jansen")
        #expect(try ctl("status").output == "IDLE Room 12 – Mrs Jansen")
        let json = try ctl("status", "--json").output
        #expect(json.contains("\"running\":true") && json.contains("\"state\":\"notRecording\""))
        #expect(try tmux.format("#{pane_title}") == "IDLE Room 12 – Mrs Jansen", "the window title shows the state")
        #expect(try ctl("ctl", "select", "nobody").status == 1)

        try tmux.resize(rows: 10, columns: 40)
        _ = try tmux.waitFor("too small")
        try tmux.resize(rows: 30, columns: 100)
        let restored = try tmux.waitFor("○ Room 12 – Mrs Jansen")
        #expect(restored.contains("Recording"))

        try tmux.send("F1")
        _ = try tmux.waitFor("Keys: Sessions")
        try tmux.send("x")
        _ = try tmux.waitFor("closed help") { !$0.contains("Keys: Sessions") }

        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        // The station has exited; tmux may still be reading what it wrote last.
        try? blockUntil("tmux to leave the alternate screen") { try tmux.format("#{alternate_on}") == "0" }
        #expect(try tmux.format("#{alternate_on}") == "0", "the alternate screen was left")
        #expect(try ctl("status").output == "no station running")
        #expect(terminal.controlSockets().isEmpty, "the control socket is removed")
    }

    @Test("an imported dictation shows as a report; edit, save, quit, start again: the edit and the session are there")
    func editSurvivesRestart() throws {
        let speech = "/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0880.wav"
        let imported = try ctl("import", "--session", "Room 12", speech)
        #expect(imported.status == 0, "\(imported.output)")
        var tmux = try start()
        defer { tmux.shutDown() }
        let list = try tmux.waitFor("Room 12")
        #expect(list.contains("draft"))
        try tmux.send("Tab", "Enter")
        _ = try tmux.waitFor("Report #1")
        try tmux.send("e", "End")
        try tmux.type(" CORRECTED")
        try tmux.send("C-s")
        _ = try tmux.waitFor("· corrected")
        try tmux.send("Escape", "Tab", "n")
        _ = try tmux.waitFor("New session")
        try tmux.type("Ward round")
        try tmux.send("Enter")
        _ = try tmux.waitFor("○ Ward round")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        tmux.shutDown()

        tmux = try start()
        let again = try tmux.waitFor("CORRECTED")
        #expect(again.contains("○ Ward round"), "the session came back")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test("wide characters typed into a name keep the boxes aligned in a real terminal")
    func wideName() throws {
        let tmux = try start()
        defer { tmux.shutDown() }
        try tmux.send("n")
        _ = try tmux.waitFor("New session")
        try tmux.type("病室 12 😀")
        try tmux.send("Enter")
        let screen = try tmux.waitFor("● 病室 12 😀") { $0.contains("○ 病室 12 😀") }
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(9)
        for row in rows.dropFirst() {
            #expect(DisplayWidth.of(String(row)) == 100, "every box row fills the width: \(row)")
        }
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test("colours by default; none with NO_COLOR or --no-color, where the state still reads in words")
    func colours() throws {
        let colored = try start()
        defer { colored.shutDown() }
        #expect(Self.hasColour(try colored.screen(escapes: true)), "some colour")
        try colored.send("q")
        _ = try colored.waitForExit()

        for (extra, environment) in [(["--no-color"], [String: String]()), ([], ["NO_COLOR": "1"])] {
            let mono = try start(extra, environment: environment)
            defer { mono.shutDown() }
            let escaped = try mono.screen(escapes: true)
            #expect(!Self.hasColour(escaped), "no colour escapes: \(extra) \(environment)")
            #expect(escaped.contains("[7m") || escaped.contains(";7m"), "reverse video marks the bars instead")
            try mono.send("q")
            _ = try mono.waitForExit()
        }
    }

    @Test("SIGTERM ends the station cleanly; a crash signal still restores the terminal")
    func signals() throws {
        for (signal, expected) in [("TERM", 0), ("SEGV", 128 + 11)] {
            let tmux = try start()
            defer { tmux.shutDown() }
            let pid = try tmux.programPID()
            _ = try TmuxSession.spawn(["/bin/kill", "-\(signal)", pid], captureOutput: true)
            let status = try tmux.waitForExit()
            #expect(status == expected, "exit status after SIG\(signal)")
            try? blockUntil("tmux to leave the alternate screen") { try tmux.format("#{alternate_on}") == "0" }
            #expect(try tmux.format("#{alternate_on}") == "0", "terminal restored after SIG\(signal)")
        }
    }

    /// Whether any SGR sequence sets a colour (30–37, 40–47, 90–97, 100–107, 38/48 extended); 39 and 49 reset.
    static func hasColour(_ screen: String) -> Bool {
        let parts = screen.components(separatedBy: "\u{1B}[").dropFirst()
        for part in parts {
            guard let end = part.firstIndex(of: "m") else { continue }
            let parameters = part[..<end].split(separator: ";").compactMap { Int($0) }
            let colours = [30...38, 40...48, 90...97, 100...107]
            for parameter in parameters where colours.contains(where: { $0.contains(parameter) }) {
                return true
            }
        }
        return false
    }
}
