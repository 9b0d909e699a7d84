import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import StationTUI

/// Unbounded work, the screen's part: a shift of reloads must not pile up finished tasks.
@Suite("Survives: a day of screen use keeps no finished work")
@MainActor
struct ScreenWorkBoundTests {
    @Test("thousands of report reloads leave no task behind once they have finished")
    func reloads() async throws {
        let fixture = StationFixture()
        let model = ScreenModel(
            station: fixture.station,
            services: ScreenServices(
                reports: fixture.reports, exportDirectory: FileManager.default.temporaryDirectory,
                clock: fixture.clock))
        for round in 0..<3_000 {
            model.reloadReports()
            if round % 100 == 0 { await Task.yield() }
        }
        // Without waiting through settle (which empties the list by itself): each task leaves when it ends.
        #expect(await eventually { model.pending.count == 0 }, "still held: \(model.pending.count)")
    }
}
