import Foundation
import Localization

/// How a person is told a moment, on the screen and on the command line alike: with its year, or as
/// today or yesterday; never a bare "12-01 21:59", which reads as the 12th of January in Europe. `now`
/// comes from the injected clock.
public struct DateWording: Sendable {
    public let now: Date
    private let calendar: Calendar

    public init(now: Date, timeZone: TimeZone = .current) {
        self.now = now
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    public init(clock: any StationClock, timeZone: TimeZone = .current) {
        self.init(now: clock.wallTime, timeZone: timeZone)
    }

    /// "today 21:59", "yesterday 21:59", or "2025-12-01 21:59": for lists, where room is short.
    public func short(_ date: Date) -> String {
        let time = clockTime(date)
        switch daysBefore(date) {
        case 0: return tr("today \(time)")
        case 1: return tr("yesterday \(time)")
        default: return full(date)
        }
    }

    /// "2025-12-01 21:59": always the whole date, for headers and exports.
    public func full(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0) + clockTime(date)
    }

    /// "21:59".
    public func clockTime(_ date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// How many calendar days `date` lies before today (0 today, 1 yesterday, negative in the future).
    func daysBefore(_ date: Date) -> Int {
        let days = calendar.dateComponents(
            [.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now))
        return days.day ?? Int.max
    }
}
