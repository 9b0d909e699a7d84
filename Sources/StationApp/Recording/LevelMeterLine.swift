import Foundation
import Localization
import StationCore
import StationTUI

/// A live level meter on one line of standard error, when standard error is a terminal.
enum LevelMeterLine {
    static let width = 30

    /// Draws each level until the stream ends, then clears the line.
    static func show(_ levels: AsyncStream<AudioLevel>) async {
        guard isatty(STDERR_FILENO) == 1 else {
            for await _ in levels {}
            return
        }
        let clock = ContinuousClock()
        let start = clock.now
        var hold = PeakHold()
        for await level in levels {
            hold.update(level, at: clock.now - start)
            FileHandle.standardError.write(Data(("\r" + line(for: level, hold: hold)).utf8))
        }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    /// The bar for a level on the screen's −60…0 dBFS scale (`LevelScale`): RMS filled, the held peak
    /// marked, CLIP when a peak reached full scale, and the RMS in dBFS.
    static func line(for level: AudioLevel, hold: PeakHold) -> String {
        let rms = LevelScale.decibels(level.rms)
        let filled = LevelScale.cells(rms, width: width)
        let peak = LevelScale.cells(hold.decibels, width: width)
        var bar = Array(repeating: Character(" "), count: width)
        for index in 0..<filled { bar[index] = "#" }
        if peak > 0 { bar[peak - 1] = "|" }
        let clip = hold.clipped ? " " + tr("CLIP") : "     "
        let level = String(format: "%5.1f", rms)
        return tr("recording [\(String(bar))] \(level) dBFS\(clip)  Ctrl-C stops")
    }
}
