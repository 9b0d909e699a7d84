import Foundation
import StationTestSupport
import Testing

/// The help boxes in a real terminal: every key's meaning shows in full, wrapped, at any width.
@Suite("Help boxes in tmux", .serialized)
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
}
