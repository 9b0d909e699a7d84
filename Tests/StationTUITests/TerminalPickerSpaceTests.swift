import Foundation
import StationTestSupport
import Testing

/// Space over a list to choose from records nothing and says where it records, as the report view, the
/// report list and a question do (issue 23, item 2's leftover): the real binary in tmux.
@Suite("Space over a picker in tmux", .serialized)
struct TerminalPickerSpaceTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("picker") }

    @Test("F5's list open, Space says where recording starts and the list stays open")
    func spaceOverPicker() throws {
        let tmux = try terminal.start()
        defer { tmux.shutDown() }
        try tmux.send("n", thenWaitFor: "New session")
        try tmux.type("Room 12 - Anna Jansen")
        try tmux.send("Enter")
        _ = try tmux.waitFor("the new session") { !$0.contains("New session") && $0.contains("Anna Jansen") }
        try tmux.send("F5", thenWaitFor: "Locale for new sessions")
        try tmux.send("Space")
        let answered = try tmux.waitFor(
            "Space records from the sessions pane. Choose with Enter or close the list with Esc first.")
        #expect(answered.contains("Locale for new sessions"), "the list stays open:\n\(answered)")
        #expect(!answered.contains("● REC"), "nothing records:\n\(answered)")
        try tmux.send("Escape")
        _ = try tmux.waitUntilGone("Locale for new sessions")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }
}
