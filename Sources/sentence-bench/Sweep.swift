import StationCore
import StationTestSupport

/// Recall and false breaks over a grid of `SentenceBreaks` settings, from the same decodes: how the
/// station's settings were chosen (`--sweep`).
enum Sweep {
    static func run(
        _ decoded: [SentenceBenchmark.Decoded], punctuation: SpokenPunctuation,
        score: ([SentenceBenchmark.Decoded], SpokenPunctuation, SentenceBreaks?) -> (
            SentenceEnds.Count, WordErrorRate.Count, WordErrorRate.Count
        )
    ) {
        print("")
        print("Settings swept (shortest pause, long pause, evidence needed, evidence against): recall / false breaks")
        var results: [(String, SentenceEnds.Count)] = []
        for shortest in [150, 200, 250, 300] {
            for long in [500, 600, 800, 1000] {
                for needed in [-3.5, -3.0, -2.5, -2.0, -1.5, -1.0] {
                    for against in [-5.0, -4.0, -3.0] where against <= needed {
                        let breaks = SentenceBreaks(
                            shortestPause: .milliseconds(shortest), longPause: .milliseconds(long),
                            paragraphPause: .seconds(2), evidenceNeeded: needed, evidenceAgainst: against)
                        let (count, _, _) = score(decoded, punctuation, breaks)
                        results.append(("\(shortest) ms, \(long) ms, \(needed), \(against)", count))
                    }
                }
            }
        }
        // The best first: most ends found with at most 10 % false breaks, then fewest false breaks.
        let ranked = results.sorted { a, b in
            let aOK = a.1.falseShare <= 0.10
            let bOK = b.1.falseShare <= 0.10
            if aOK != bOK { return aOK }
            if a.1.recall != b.1.recall { return a.1.recall > b.1.recall }
            return a.1.falseShare < b.1.falseShare
        }
        for (name, count) in ranked.prefix(15) {
            print(pad(name, 34) + String(format: "%.1f %% / %.1f %%", 100 * count.recall, 100 * count.falseShare))
        }
    }
}
