import Foundation
import Localization

/// How a person is told a moment, on the screen and on the command line alike, in the interface
/// language: never a bare "12-01 21:59", which reads as the 12th of January in Europe. Where room is
/// short (lists, columns, the history's lines) "today 21:59", "yesterday 21:59" or "2025-12-01 21:59";
/// in headers, exports and sentences the whole date with the month by name, "1 December 2025 21:59"
/// ("1 december 2025 21:59" in Dutch). The one formatter for dates: `now` comes from the injected clock,
/// the words and their order from the catalog.
public struct DateWording: Sendable {
    public let now: Date
    private let calendar: Calendar
    /// Where yesterday, today and tomorrow begin in the time zone, found once: a list words a date per
    /// row at every frame, and the calendar's day arithmetic per date was a fifth of a frame's CPU.
    private let yesterdayStart: Date
    private let todayStart: Date
    private let tomorrowStart: Date

    public init(now: Date, timeZone: TimeZone = .current) {
        self.now = now
        let calendar = Self.calendar(timeZone)
        self.calendar = calendar
        todayStart = calendar.startOfDay(for: now)
        yesterdayStart = calendar.date(byAdding: .day, value: -1, to: todayStart) ?? todayStart - 86_400
        tomorrowStart = calendar.date(byAdding: .day, value: 1, to: todayStart) ?? todayStart + 86_400
    }

    public init(clock: any StationClock, timeZone: TimeZone = .current) {
        self.init(now: clock.wallTime, timeZone: timeZone)
    }

    /// "today 21:59", "yesterday 21:59", or "2025-12-01 21:59": for lists, where room is short.
    public func short(_ date: Date) -> String {
        if date >= todayStart, date < tomorrowStart { return tr("today \(clockTime(date))") }
        if date >= yesterdayStart, date < todayStart { return tr("yesterday \(clockTime(date))") }
        return Self.numeric(date, calendar)
    }

    /// "1 December 2025 21:59": always the whole date, for headers, exports and sentences.
    public func full(_ date: Date) -> String { Self.spelled(date, calendar) }

    /// "1 December 2025 21:59" in `timeZone`, where no "now" matters (an export, a refusal).
    public static func full(_ date: Date, in timeZone: TimeZone) -> String { spelled(date, calendar(timeZone)) }

    /// "21:59".
    public func clockTime(_ date: Date) -> String { Self.clockTime(date, calendar) }

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

    private static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    private static func spelled(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let (day, year) = (parts.day ?? 1, parts.year ?? 0)
        let month = monthName(parts.month ?? 1)
        let time = clockTime(date, calendar)
        // TRANSLATORS: a date and time: {0} the day of the month, {1} the month's name, {2} the year, {3} the time (21:30).
        return tr("\(day) \(month) \(year) \(time)")
    }

    private static func numeric(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return "\(padded(parts.year ?? 0, 4))-\(padded(parts.month ?? 0))-\(padded(parts.day ?? 0)) "
            + "\(padded(parts.hour ?? 0)):\(padded(parts.minute ?? 0))"
    }

    private static func clockTime(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return "\(padded(parts.hour ?? 0)):\(padded(parts.minute ?? 0))"
    }

    /// `value` with leading zeros to `digits` (a list draws hundreds of dates: no `String(format:)`).
    private static func padded(_ value: Int, _ digits: Int = 2) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
