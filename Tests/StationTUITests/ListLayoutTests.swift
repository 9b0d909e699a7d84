import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import StationTUI

/// The lists use the terminal's width and say what scrolled out of view.
@Suite("Lists: columns that grow with the terminal, scroll marks")
@MainActor
struct ListLayoutTests {
    static let name = "Kamer 12 – Mevrouw van der Berg-Oosterhuis"
    static let text = Array(repeating: "the wound is clean and dry", count: 12).joined(separator: ", ")

    /// The report's row in the list at a width: the text between the borders.
    func row(columns: Int) async throws -> String {
        let harness = ScreenHarness(rows: 30, columns: columns)
        _ = try await harness.addReport(session: Self.name, text: Self.text)
        let grid = harness.render()
        let point = try #require(grid.find("Kamer 12"))
        return grid.line(point.row)
    }

    @Test(
        "the session column grows with the width and the first line takes the rest",
        // Beside the number, time, patient, author and type columns: at 200 columns the room is wider than
        // the name, so the column is as wide as the name.
        arguments: [(80, 27), (120, 38), (200, 0)])
    func widths(columns: Int, session: Int) async throws {
        let line = try await row(columns: columns)
        let fit = TextFit()
        let expectedName = fit.pad(Self.name, to: session == 0 ? fit.width(Self.name) : session)
        #expect(line.contains(expectedName), "at \(columns): \(line)")
        if columns == 200 { #expect(line.contains(Self.name + " "), "the whole name fits at 200 columns") }
        // The first line runs to the border, cut with an ellipsis there.
        #expect(line.hasSuffix("…│"), "at \(columns): \(line)")
        #expect(DisplayWidth.of(line) == columns)
    }

    @Test("short names keep the column narrow: the text gets the room")
    func shortNames() {
        func report(_ name: String) -> Report {
            Report(
                id: 1, sessionName: name, locale: "en-US", created: Date(), audioDuration: .seconds(3), audioFile: nil,
                originalText: "", text: "", status: .draft)
        }
        let dates = DateWording(now: Date())
        let columns = ReportColumns(
            width: 198, reports: [report("Room 1"), report("Room 22")], types: .builtIn, fit: TextFit(), dates: dates)
        // "unknown author" (14) and "Progress note" (13) are the longest author and type shown; no
        // patient: its column is as narrow as "—".
        #expect(
            columns
                == ReportColumns(
                    number: 2, time: 11, patient: 1, session: 12, author: 14, workType: 13, showsDuration: true,
                    showsStatus: true))
        #expect(
            ReportColumns(width: 60, reports: [report(Self.name)], types: .builtIn, fit: TextFit(), dates: dates)
                .showsStatus == false
        )
    }

    @Test("at 80×24 the lists say how many rows are above and below")
    func scrollMarks() async throws {
        let harness = ScreenHarness(rows: 24, columns: 80)
        for index in 1...5 { try harness.station.createSession(named: "Room \(index)") }
        for index in 1...30 { _ = try await harness.addReport(session: "S\(index)", text: "report \(index)") }
        var grid = harness.render()
        let sessions = harness.model.layout.sessions
        let hidden = 5 - ScreenLayout.listRows(in: sessions)
        #expect(
            grid.line(sessions.row).contains("↑ \(hidden) more"), "the last session is selected, the first ones above")
        let reports = harness.model.layout.reports
        let shown = ScreenLayout.listRows(in: reports)
        #expect(grid.line(reports.bottom - 1).contains("↓ \(30 - shown) more"))
        #expect(!grid.line(reports.row).contains("more"))
        harness.press(.tab, .end)
        grid = harness.render()
        #expect(grid.line(reports.row).contains("↑ \(30 - shown) more"))
        #expect(!grid.line(reports.bottom - 1).contains("more"))
    }
}
