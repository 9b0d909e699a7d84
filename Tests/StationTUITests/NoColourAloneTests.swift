import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import StationTUI

/// Nothing on the screen is told by colour alone: each state also has a word or a symbol, read here from
/// the grid's characters only, as a monochrome terminal, a colour-blind eye or a braille line gets them.
@MainActor
@Suite("No state shown by colour alone")
struct NoColourAloneTests {
    /// The characters of `row`, without their roles.
    func line(_ grid: GridCanvas, containing text: String) -> String {
        (0..<grid.rows).map(grid.line).first { $0.contains(text) } ?? ""
    }

    @Test("the selected session and report are marked ▸, the pane the keys act on ◂, in characters")
    func selectionAndFocus() async throws {
        let harness = ScreenHarness()
        try harness.station.createSession(named: "Room 12")
        try harness.station.createSession(named: "Room 14")
        _ = try await harness.addReport(session: "Room 12", text: "Knee pain.")
        _ = try await harness.addReport(session: "Room 14", text: "Chest clear.")
        var grid = harness.render()
        let selected14 = line(grid, containing: "○ Room 14")
        #expect(selected14.hasPrefix("│▸"), "the selected session: \(selected14)")
        #expect(!line(grid, containing: "○ Room 12").hasPrefix("│▸"))
        #expect(line(grid, containing: "─ Sessions ◂ ─").isEmpty == false, "the sessions have the keys")
        #expect(line(grid, containing: "─ Reports ─").isEmpty == false)

        harness.press(.tab)
        grid = harness.render()
        #expect(line(grid, containing: "─ Sessions ─").isEmpty == false)
        #expect(line(grid, containing: "─ Reports ◂ ─").isEmpty == false, "the reports have the keys now")
        let selected = line(grid, containing: "Chest clear.")
        #expect(selected.hasPrefix("│ ▸"), "the selected report: \(selected)")
        #expect(!line(grid, containing: "Knee pain.").hasPrefix("│ ▸"))
    }

    @Test("recording and paused are words on the recording pane and marks in the list")
    func states() async throws {
        let harness = ScreenHarness()
        let session = try await harness.startRecording(named: "Room 12")
        var grid = harness.render()
        #expect(grid.find("RECORDING") != nil)
        #expect(line(grid, containing: "Room 12").contains("●"))
        harness.station.toggle()
        await harness.station.settle()
        grid = harness.render()
        #expect(grid.find("PAUSED") != nil)
        #expect(line(grid, containing: "Room 12").contains("‖"))
        #expect(session.state == .paused)
    }
}
