import Foundation
import StationCore
import Testing

@Suite("TimeWords: durations as a sentence says them")
struct TimeWordsTests {
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
