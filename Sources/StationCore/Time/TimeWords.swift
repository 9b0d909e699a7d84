import Foundation
import Localization

/// Durations as a sentence says them, in the interface language: "1 minute 12 seconds" ("1 minuut 12
/// seconden" in Dutch); timers keep 01:12 (`ElapsedTimeFormat`). Dates are `DateWording`'s.
public enum TimeWords {
    /// A duration in full units, largest first, none that is zero: "1 hour 5 minutes", "1 minute 12
    /// seconds", "0 seconds". Fractions of a second are dropped, as the timer drops them.
    public static func duration(_ duration: Duration) -> String {
        let total = max(0, duration.components.seconds)
        let (hours, minutes, seconds) = (Int(total / 3600), Int(total % 3600 / 60), Int(total % 60))
        var parts: [String] = []
        if hours > 0 { parts.append(tr(hours, one: "\(hours) hour", other: "\(hours) hours")) }
        if minutes > 0 { parts.append(tr(minutes, one: "\(minutes) minute", other: "\(minutes) minutes")) }
        if seconds > 0 || parts.isEmpty {
            parts.append(tr(seconds, one: "\(seconds) second", other: "\(seconds) seconds"))
        }
        return parts.joined(separator: " ")
    }
}
