import Foundation
import Localization

/// Dates, times and durations as a sentence says them, in the interface language: "1 December 2026 21:30"
/// ("1 december 2026 21:30" in Dutch), "1 minute 12 seconds". The one formatter for them: the time comes
/// from the caller (the injected clock, a stored report), the words and their order from the catalog.
public enum TimeWords {
    /// "1 December 2026 21:30" in `timeZone`.
    public static func dateTime(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let (day, year) = (parts.day ?? 1, parts.year ?? 0)
        let month = monthName(parts.month ?? 1)
        let time = twoDigits(parts.hour ?? 0) + ":" + twoDigits(parts.minute ?? 0)
        // TRANSLATORS: a date and time: {0} the day of the month, {1} the month's name, {2} the year, {3} the time (21:30).
        return tr("\(day) \(month) \(year) \(time)")
    }

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

    /// The month's name as a date says it (1 is January).
    public static func monthName(_ month: Int) -> String {
        switch month {
        case 1: tr("January")
        case 2: tr("February")
        case 3: tr("March")
        case 4: tr("April")
        case 5: tr("May")
        case 6: tr("June")
        case 7: tr("July")
        case 8: tr("August")
        case 9: tr("September")
        case 10: tr("October")
        case 11: tr("November")
        default: tr("December")
        }
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
