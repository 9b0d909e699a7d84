import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import StationTUI

/// The terminal's cursor sits on what has the focus, as screen readers and magnifiers that follow the
/// cursor expect: the selected session, the selected report, the search being typed.
@MainActor
@Suite("The hardware cursor on what has the focus")
struct FocusCursorTests {
    /// The row whose characters begin with `prefix`.
    func row(_ grid: GridCanvas, startingWith prefix: String) -> Int? {
        (0..<grid.rows).first { grid.line($0).hasPrefix(prefix) }
    }

    @Test("on the selected session's ▸, follows it, moves to the selected report with Tab, and into the search")
    func followsTheFocus() async throws {
        let harness = ScreenHarness()
        try harness.station.createSession(named: "Room 12")
        try harness.station.createSession(named: "Room 14")
        _ = try await harness.addReport(session: "Room 12", text: "Knee pain.")
        _ = try await harness.addReport(session: "Room 14", text: "Chest clear.")
        var grid = harness.render()
        let session = try #require(row(grid, startingWith: "│▸"))
        #expect(grid.line(session).contains("Room 14"))
        #expect(grid.cursor == Point(row: session, column: 1), "on the selected session's mark")

        harness.press(.down)
        grid = harness.render()
        let next = try #require(row(grid, startingWith: "│▸"))
        #expect(next != session)
        #expect(grid.cursor == Point(row: next, column: 1), "the cursor follows the selection")

        harness.press(.tab)
        grid = harness.render()
        let report = try #require(row(grid, startingWith: "│ ▸"))
        #expect(grid.cursor == Point(row: report, column: 2), "on the selected report's mark")

        harness.type("/")
        grid = harness.render()
        let search = try #require(row(grid, startingWith: "│Search: "))
        #expect(grid.cursor == Point(row: search, column: 1 + "Search: ".count), "in the search being typed")
    }

    @Test("on the help's first key (F1), and on the newest message (M)")
    func overlays() async throws {
        let harness = ScreenHarness()
        try harness.station.createSession(named: "Room 12")
        harness.press(.function(1))
        var grid = harness.render()
        let title = try #require(grid.find("Keys: "), "the help: \(grid.text)")
        // The box's title starts two cells after its corner and a space; its inner area one cell in.
        #expect(grid.cursor == Point(row: title.row + 1, column: title.column - 1), "on the first key")

        harness.press(.escape)
        harness.station.notifier.info("Room 12 is ready.")
        harness.type("M")
        grid = harness.render()
        let message = try #require(grid.find("Room 12 is ready."), "the messages: \(grid.text)")
        #expect(grid.cursor == message, "on the newest message")
    }
}
