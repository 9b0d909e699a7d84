import Foundation
import StationCore
import Testing

/// One rule for every date a person reads: today, yesterday, or the date with its year; the month by name
/// where the whole date is said.
@Suite("Date wording: today, yesterday, or the year")
struct DateWordingTests {
    let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!

    func date(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)!
    }

    @Test("today and yesterday by the calendar day of the time zone; older dates and future ones with the year")
    func shortWords() {
        // 2025-12-02 00:30 in Amsterdam.
        let wording = DateWording(now: date("2025-12-01T23:30:00Z"), timeZone: amsterdam)
        #expect(wording.short(date("2025-12-01T23:05:00Z")) == "today 00:05")
        #expect(wording.short(date("2025-12-01T20:59:00Z")) == "yesterday 21:59")
        #expect(wording.short(date("2025-11-30T20:59:00Z")) == "2025-11-30 21:59")
        #expect(wording.short(date("2024-12-02T08:00:00Z")) == "2024-12-02 09:00", "a year ago is not today")
        #expect(wording.short(date("2025-12-03T08:00:00Z")) == "2025-12-03 09:00")
        #expect(wording.full(date("2025-12-01T23:05:00Z")) == "2 December 2025 00:05", "headers spell the month")
    }

    @Test("the whole date in the given time zone, the month by name, with or without a clock")
    func fullWords() {
        // 2026-12-01 20:30 UTC is 21:30 in Amsterdam (winter time).
        let moment = Date(timeIntervalSince1970: 1_796_157_000)
        #expect(DateWording.full(moment, in: amsterdam) == "1 December 2026 21:30")
        #expect(DateWording.full(moment, in: TimeZone(identifier: "UTC")!) == "1 December 2026 20:30")
        let wording = DateWording(now: moment, timeZone: amsterdam)
        #expect(wording.full(moment) == DateWording.full(moment, in: amsterdam))
        #expect(wording.short(moment) == "today 21:30", "one formatter: lists say today where headers spell it")
        #expect((1...12).map(DateWording.monthName).count == Set((1...12).map(DateWording.monthName)).count)
    }

    @Test("today and yesterday end where the calendar's days do, a change of clocks included")
    func dayBoundaries() {
        // 2026-03-30 10:00 in Amsterdam (summer time since 29 March 02:00, a 23-hour day).
        let wording = DateWording(now: date("2026-03-30T08:00:00Z"), timeZone: amsterdam)
        #expect(wording.short(date("2026-03-29T22:00:00Z")) == "today 00:00", "the first minute of today")
        #expect(wording.short(date("2026-03-29T21:59:00Z")) == "yesterday 23:59")
        #expect(wording.short(date("2026-03-28T23:00:00Z")) == "yesterday 00:00", "a day of 23 hours")
        #expect(wording.short(date("2026-03-28T22:59:00Z")) == "2026-03-28 23:59")
        #expect(wording.short(date("2026-03-30T21:59:00Z")) == "today 23:59")
        #expect(wording.short(date("2026-03-30T22:00:00Z")) == "2026-03-31 00:00", "tomorrow has its date")
    }

    @Test("the words come from the injected clock")
    func fromClock() {
        let clock = ManualWallClock(wallTime: date("2025-06-01T10:00:00Z"))
        #expect(DateWording(clock: clock, timeZone: amsterdam).short(date("2025-05-31T10:00:00Z")) == "yesterday 12:00")
    }
}

private struct ManualWallClock: StationClock {
    let wallTime: Date
    var now: Duration { .zero }
    func sleep(for duration: Duration) async throws {}
}
