import Foundation
import StationCore
import Testing

/// One rule for every date a person reads: today, yesterday, or the date with its year.
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
        #expect(wording.full(date("2025-12-01T23:05:00Z")) == "2025-12-02 00:05")
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
