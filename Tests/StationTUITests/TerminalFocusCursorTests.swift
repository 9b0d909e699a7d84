import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import StationTUI

/// Where tmux has the terminal's cursor (`#{cursor_x},#{cursor_y}`): on what has the focus, so a screen
/// reader or a magnifier that follows the cursor follows the station too.
@Suite("The cursor on what has the focus, in tmux", .serialized)
struct TerminalFocusCursorTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("cursor") }

    struct Cell: Hashable, CustomStringConvertible {
        var x: Int
        var y: Int
        var description: String { "\(x),\(y)" }
    }

    /// Every `▸` on the screen, in cells.
    static func marks(_ screen: String) -> Set<Cell> {
        var cells = Set<Cell>()
        for (y, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for index in line.indices where line[index] == "▸" {
                cells.insert(Cell(x: DisplayWidth.of(String(line[..<index])), y: y))
            }
        }
        return cells
    }

    /// The visible cursor's cell, or nil while the cursor is hidden.
    static func cursor(_ tmux: TmuxSession) -> Cell? {
        guard let text = try? tmux.format("#{cursor_flag},#{cursor_x},#{cursor_y}") else { return nil }
        let parts = text.split(separator: ",").compactMap { Int($0) }
        guard parts.count == 3, parts[0] == 1 else { return nil }
        return Cell(x: parts[1], y: parts[2])
    }

    /// The cell where `text` starts on `screen` (its last occurrence), or nil.
    static func start(of text: String, in screen: String) -> Cell? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let row = lines.lastIndex(where: { $0.contains(text) }), let range = lines[row].range(of: text) else {
            return nil
        }
        return Cell(x: DisplayWidth.of(String(lines[row][..<range.lowerBound])), y: row)
    }

    /// Waits until the screen shows `text` and the visible cursor is on a `▸` that `where` picks out of
    /// the marks; returns the screen's marks and the cell.
    @discardableResult
    func waitForCursor(
        _ tmux: TmuxSession, _ what: String, showing text: String, on pick: @escaping (Set<Cell>) -> Cell?
    ) throws -> (marks: Set<Cell>, cell: Cell) {
        var found: (Set<Cell>, Cell)?
        var last = "cursor hidden"
        _ = try tmux.waitFor(what) { screen in
            let marks = Self.marks(screen)
            guard screen.contains(text), let cell = Self.cursor(tmux) else { return false }
            last = "cursor at \(cell), marks at \(marks.sorted { $0.y < $1.y })"
            guard let wanted = pick(marks), wanted == cell else { return false }
            found = (marks, cell)
            return true
        }
        let result = try #require(found, "\(what): \(last)")
        return result
    }

    @Test(
        "on the selected session, then the selected report (Tab), then the picker's option (F5), following each; the edit point"
    )
    func cursorFollowsFocus() async throws {
        try await ListSeeding.session("Room 12", patient: nil, to: terminal.data)
        try await ListSeeding.session("Room 14", patient: nil, to: terminal.data)
        try await ListSeeding.report("Knee pain on the left side.", patient: nil, session: "Room 12", to: terminal.data)
        let tmux = try terminal.start()
        defer { tmux.shutDown() }

        // The sessions have the keys: the ▸ in the sessions pane, right after its border.
        let first = try waitForCursor(tmux, "the cursor on the selected session", showing: "Knee pain") { marks in
            marks.first { $0.x == 1 }
        }
        try tmux.send("Down")
        let moved = try waitForCursor(tmux, "the cursor on the next session", showing: "Knee pain") { marks in
            marks.first { $0.x == 1 && $0.y != first.cell.y }
        }
        #expect(moved.cell.y != first.cell.y)

        // The reports have the keys: the ▸ of the selected report, a cell further in.
        try tmux.send("Tab")
        try waitForCursor(tmux, "the cursor on the selected report", showing: "Reports ◂") { marks in
            marks.first { $0.x == 2 }
        }

        // A list to choose from: the cursor on the option the ▸ marks, the only ▸ the picker brought.
        try tmux.send("Tab")
        let before = try waitForCursor(tmux, "the cursor back on the session", showing: "Sessions ◂") { marks in
            marks.first { $0.x == 1 }
        }.marks
        try tmux.send("F5")
        let option = try waitForCursor(tmux, "the cursor on the picker's option", showing: "Locale for new sessions") {
            marks in
            let new = marks.subtracting(before)
            return new.count == 1 ? new.first : nil
        }
        try tmux.send("Down")
        try waitForCursor(tmux, "the cursor on the next option", showing: "Locale for new sessions") { marks in
            marks.first { !before.contains($0) && $0 != option.cell && $0.x == option.cell.x }
        }

        // The in-place editor: the cursor at the edit point, the start of the text as it opens.
        try tmux.send("Escape")
        try tmux.send("Tab")
        try tmux.waitFor("Reports ◂")
        try tmux.send("Enter")
        try tmux.waitFor("Report #")
        // The report view: the cursor on the first line of the text, where a screen reader starts reading.
        // Where the text is is read from each screen: the view's heading lines may still be arriving.
        try tmux.waitFor("the cursor on the report's text") { screen in
            guard let text = Self.start(of: "Knee pain on the left side.", in: screen) else { return false }
            return Self.cursor(tmux) == text
        }
        try tmux.send("e")
        try tmux.waitForKeys("Ctrl-S Save")
        try tmux.waitFor("the cursor at the start of the text in the editor") { screen in
            guard TmuxSession.keyBar(of: screen).contains("Ctrl-S Save"),
                let text = Self.start(of: "Knee pain on the left side.", in: screen)
            else { return false }
            return Self.cursor(tmux) == text
        }
    }
}
