import Foundation
import StationTestSupport
import Testing

/// The overlays in a real terminal: every key's meaning shows in full, wrapped; messages show their time;
/// Esc closes them at once.
@Suite("Help, messages and Esc in tmux", .serialized)
struct TerminalHelpTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("help") }

    @Test("the editor's help wraps a long meaning under itself instead of cutting it, at 120 and 80 columns")
    func editorHelpWraps() throws {
        let imported = try terminal.run(["import", "--session", "Room 12", TerminalEditorTests.speech])
        try #require(imported.status == 0, "\(imported.output)")
        let tmux = try terminal.start()
        defer { tmux.shutDown() }
        try tmux.resize(rows: 40, columns: 120)
        _ = try tmux.waitFor("Room 12")
        try tmux.send("Tab", "Enter")
        _ = try tmux.waitFor("Report #1")
        try tmux.send("e")
        _ = try tmux.waitFor("Ctrl-S")
        for columns in [120, 80] {
            try tmux.resize(rows: 40, columns: columns)
            try tmux.send("F1")
            let help = try tmux.waitFor("Keys: Editing a report")
            #expect(help.contains("move by screen rows"), "the whole meaning shows:\n\(help)")
            #expect(help.contains("Any key closes this help."))
            try tmux.send("Escape")
            _ = try tmux.waitUntilGone("Keys: Editing a report")
        }
        // The editor, then the report view, closes; then the station quits.
        try tmux.send("Escape")
        _ = try tmux.waitUntilGone("Ctrl-S")
        try tmux.send("Escape")
        _ = try tmux.waitUntilGone("Report #1")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test("Esc acts at once: curses does not wait for an escape sequence, even with ESCDELAY=4000 set")
    func escapeAtOnce() throws {
        // ncurses waits ESCDELAY ms (1000 unless set) after an Esc for the rest of a sequence; the station
        // sets 25 ms. A user's ESCDELAY makes the wait long enough to tell apart on a loaded machine.
        let tmux = try terminal.start(environment: ["ESCDELAY": "4000"])
        defer { tmux.shutDown() }
        for _ in 0..<3 {
            try tmux.send("F1")
            _ = try tmux.waitFor("Keys: Sessions")
            try tmux.send("Escape")
            // A key is handled in well under a second here even on a busy machine; the wait would be 4 s.
            _ = try tmux.waitUntilGone("Keys: Sessions", seconds: 2)
        }
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test("M shows each message with the time it came")
    func messagesWithTimes() throws {
        let tmux = try terminal.start(environment: ["TZ": "UTC"])
        defer { tmux.shutDown() }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "HH:mm"
        let before = formatter.string(from: Date())
        // Rename with no session: a warning in the strip.
        try tmux.send("r")
        _ = try tmux.waitFor("No session is selected")
        let after = formatter.string(from: Date())
        try tmux.send("M")
        let shown = try tmux.waitFor("Messages, newest first")
        let line = shown.split(separator: "\n").first { $0.contains("No session is selected") }.map(String.init) ?? ""
        #expect(
            line.contains("\(before) No session is selected") || line.contains("\(after) No session is selected"),
            "the message's time shows:\n\(shown)")
        try tmux.send("x")
        _ = try tmux.waitUntilGone("Messages, newest first")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }
}
