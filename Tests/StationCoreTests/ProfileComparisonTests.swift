import Foundation
import StationCore
import Testing

/// The gate: a new profile is kept only when it is better beyond doubt than what the author has.
@Suite("Voice profile gate: keep only what is better beyond doubt")
struct ProfileComparisonTests {
    let date = Date(timeIntervalSince1970: 1_800_000_000)
    let words = Array(repeating: 10, count: 12)

    @Test("fewer errors on most sentences: kept, the candidate with fewer errors of the two")
    func clearlyBetter() {
        let stock = [2, 3, 1, 2, 2, 3, 1, 2, 2, 1, 3, 2]
        let map = [0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0]
        let mllr = [1, 2, 1, 1, 1, 2, 0, 1, 1, 1, 2, 1]
        let comparison = ProfileComparison(
            date: date, folds: 5, words: words, stock: stock, inUse: nil, candidates: [(.map, map), (.mllr, mllr)])
        #expect(comparison.kept == .map)
        #expect(comparison.stock == WordErrors(errors: 24, words: 120))
        #expect(comparison.candidate(.map)?.test.pValue ?? 1 < 0.001)
        #expect(comparison.candidate(.mllr)?.test.pValue ?? 1 < ProfileComparison.doubt, "MLLR passes too")
    }

    @Test("76 held-back words where two errors tip it: not beyond doubt, refused")
    func tooLittleEvidence() {
        let words = [8, 7, 9, 8, 7]
        let comparison = ProfileComparison(
            date: date, folds: 5, words: words, stock: [1, 1, 0, 2, 1], inUse: nil,
            candidates: [(.map, [0, 1, 0, 1, 1]), (.mllr, [1, 1, 0, 2, 1])])
        #expect(comparison.kept == nil)
        #expect(comparison.candidate(.map)?.test.pValue == 0.25)
    }

    @Test("a profile in use stays unless the new one beats it beyond doubt, and never one worse than stock")
    func profileInUseStays() {
        let stock = [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]
        let inUse = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
        let slightlyBetter = [1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1]
        let kept = ProfileComparison(
            date: date, folds: 5, words: words, stock: stock, inUse: (.map, inUse),
            candidates: [(.map, slightlyBetter)])
        #expect(kept.kept == nil, "one sentence better: p = 0.5")
        #expect(kept.inUse == WordErrors(errors: 12, words: 120))
        let worseThanStock = ProfileComparison(
            date: date, folds: 5, words: words, stock: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
            inUse: (.mllr, [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]), candidates: [(.map, inUse)])
        #expect(worseThanStock.kept == nil, "better than the profile in use, but not than the stock model")
    }
}
