import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import StationTUI

/// The level meter on the dBFS scale `record` uses, drawn into a grid.
@Suite("The level meter reads in dBFS")
@MainActor
struct LevelMeterRenderingTests {
    /// The meter's row drawn alone, 66 columns wide: "Level " (6), 51 cells, the figure and the clip mark.
    func meter(
        _ levels: [AudioLevel], clock: ManualClock = ManualClock(), step: Duration = .milliseconds(50)
    )
        -> (line: String, grid: GridCanvas)
    {
        let grid = GridCanvas(rows: 1, columns: 66)
        var hold = PeakHold()
        for level in levels {
            hold.update(level, at: clock.now)
            clock.advance(by: step)
        }
        let writer = CanvasWriter(canvas: grid, area: Rect(row: 0, column: 0, height: 1, width: 66))
        RecordingPane.meter(levels.last ?? .silence, hold: hold, into: writer, row: 0)
        return (grid.line(0), grid)
    }

    static func amplitude(_ decibels: Double) -> Double { pow(10, decibels / 20) }

    @Test("speech at −30 dBFS RMS fills half the bar; −12 dBFS fills four fifths; silence none")
    func scale() {
        let half = meter([AudioLevel(peak: Self.amplitude(-20), rms: Self.amplitude(-30))]).line
        let cells = half.filter { $0 == "█" }.count
        let width = half.filter { $0 == "█" || $0 == "·" || $0 == "│" }.count
        #expect(cells == width / 2, "\(half)")
        #expect(half.contains("-30 dB"))
        let loud = meter([AudioLevel(peak: Self.amplitude(-6), rms: Self.amplitude(-12))]).line
        #expect(loud.filter { $0 == "█" }.count == Int((Double(width) * 0.8).rounded()))
        let silent = meter([.silence]).line
        #expect(!silent.contains("█") && silent.contains("< -60 dB"))
    }

    @Test("the peak is held for a moment after the level falls, then lapses")
    func peakHold() {
        let loud = AudioLevel(peak: Self.amplitude(-6), rms: Self.amplitude(-20))
        let quiet = AudioLevel(peak: Self.amplitude(-40), rms: Self.amplitude(-45))
        let held = meter([loud, quiet, quiet]).line
        #expect(held.contains("│"), "the loud peak is still marked: \(held)")
        let lapsed = meter([loud] + Array(repeating: quiet, count: 40)).line
        #expect(!lapsed.contains("│") || lapsed.firstIndex(of: "│")! < held.firstIndex(of: "│")!)
    }

    @Test("a peak at full scale shows CLIP in the loud role, for a moment")
    func clip() {
        let (line, grid) = meter([AudioLevel(peak: 1, rms: Self.amplitude(-10))])
        #expect(line.contains("CLIP"))
        #expect(grid.role(of: "CLIP") == .meterHigh)
        #expect(!meter([AudioLevel(peak: 0.5, rms: 0.1)]).line.contains("CLIP"))
        let later = meter(
            [AudioLevel(peak: 1, rms: 0.3)] + Array(repeating: AudioLevel(peak: 0.1, rms: 0.05), count: 40))
        #expect(!later.line.contains("CLIP"), "the clip mark lapses")
    }
}
