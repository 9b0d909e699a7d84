import Foundation
import StationCore
import Testing

@Suite("TimeWords: dates and durations as a sentence says them")
struct TimeWordsTests {
    let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!

    @Test("A date and time in the given time zone, the month by name")
    func dateTime() {
        // 2026-12-01 20:30 UTC is 21:30 in Amsterdam (winter time).
        let date = Date(timeIntervalSince1970: 1_796_157_000)
        #expect(TimeWords.dateTime(date, in: amsterdam) == "1 December 2026 21:30")
        #expect(TimeWords.dateTime(date, in: TimeZone(identifier: "UTC")!) == "1 December 2026 20:30")
        #expect((1...12).map(TimeWords.monthName).count == Set((1...12).map(TimeWords.monthName)).count)
    }

    @Test(
        "A duration in full units, largest first, none that is zero",
        arguments: [
            (0, "0 seconds"), (1, "1 second"), (59, "59 seconds"), (60, "1 minute"), (72, "1 minute 12 seconds"),
            (125, "2 minutes 5 seconds"), (3600, "1 hour"), (3661, "1 hour 1 minute 1 second"),
            (7320, "2 hours 2 minutes"),
        ])
    func duration(_ seconds: Int, _ words: String) {
        #expect(TimeWords.duration(.seconds(seconds)) == words)
        #expect(TimeWords.duration(.seconds(seconds) + .milliseconds(999)) == words, "fractions are dropped")
    }
}
