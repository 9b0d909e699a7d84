import Foundation
import StationCore

/// The level meter's scale, shared by the screen and `record`: −60…0 dBFS, so that normal speech (RMS
/// around −30…−15 dBFS) fills about half the bar, with a peak held for a moment and a clip mark.
public enum LevelScale {
    /// The bar's empty end.
    public static let floor = -60.0
    /// From here the bar turns to the loud colour.
    public static let loud = -12.0
    /// A peak this close to full scale is marked as clipping.
    public static let clip = -0.5

    /// An amplitude (0…1 of full scale) in dBFS; silence is −90.
    public static func decibels(_ amplitude: Double) -> Double {
        amplitude > 0 ? max(-90, 20 * log10(amplitude)) : -90
    }

    /// How many of `width` cells a level in dBFS fills.
    public static func cells(_ decibels: Double, width: Int) -> Int {
        let fraction = (decibels - floor) / -floor
        return min(width, max(0, Int((fraction * Double(width)).rounded())))
    }
}

/// The highest peak of the last moment and whether it clipped, for the meter's peak-hold and clip marks.
public struct PeakHold: Sendable, Equatable {
    public static let holdTime: Duration = .milliseconds(1500)

    /// The held peak, in dBFS.
    public private(set) var decibels = -90.0
    /// Whether a peak reached full scale within the hold time.
    public private(set) var clipped = false
    private var heldSince: Duration = .zero
    private var clippedAt: Duration?

    public init() {}

    /// Takes a new level measured at `now` (any monotonic time); a louder peak replaces the held one,
    /// a held one lapses after `holdTime`.
    public mutating func update(_ level: AudioLevel, at now: Duration) {
        let peak = LevelScale.decibels(level.peak)
        if peak >= decibels || now - heldSince > Self.holdTime {
            decibels = peak
            heldSince = now
        }
        if peak >= LevelScale.clip { clippedAt = now }
        clipped = clippedAt.map { now - $0 <= Self.holdTime } ?? false
    }
}
