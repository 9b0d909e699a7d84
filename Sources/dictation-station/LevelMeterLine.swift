import Foundation
import StationCore

/// A live level meter on one line of standard error, when standard error is a terminal.
enum LevelMeterLine {
    static let width = 30

    /// Draws each level until the stream ends, then clears the line.
    static func show(_ levels: AsyncStream<AudioLevel>) async {
        guard isatty(STDERR_FILENO) == 1 else {
            for await _ in levels {}
            return
        }
        for await level in levels {
            FileHandle.standardError.write(Data(("\r" + line(for: level)).utf8))
        }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    /// The bar for a level on a -60…0 dBFS scale: RMS filled, the peak marked, and the RMS in dBFS.
    static func line(for level: AudioLevel) -> String {
        let rms = decibels(level.rms)
        let filled = column(rms)
        let peak = column(decibels(level.peak))
        var bar = Array(repeating: Character(" "), count: width)
        for index in 0..<filled { bar[index] = "#" }
        if peak > 0 { bar[peak - 1] = "|" }
        return "recording [\(String(bar))] \(String(format: "%5.1f", rms)) dBFS  Ctrl-C stops"
    }

    private static func decibels(_ amplitude: Double) -> Double {
        amplitude > 0 ? max(-90, 20 * log10(amplitude)) : -90
    }

    private static func column(_ decibels: Double) -> Int {
        Int(((decibels + 60) / 60 * Double(width)).rounded()).clamped(to: 0...width)
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
