import StationCore
import Testing

/// The gate's test: exact p-values that a small sample cannot make look convincing.
@Suite("Wilcoxon signed-rank test on per-sentence errors")
struct SignedRankTestTests {
    @Test("five sentences all better is the least a one-sided 5 % test can accept: p = 1/32")
    func smallestConvincingSample() {
        #expect(SignedRankTest(reference: [3, 4, 5, 6, 7], candidate: [2, 2, 2, 2, 2]).pValue == 1.0 / 32)
        #expect(SignedRankTest(reference: [1, 1, 1, 1, 1], candidate: [0, 0, 0, 0, 0]).pValue == 1.0 / 32, "tied")
        #expect(SignedRankTest(reference: [1, 1, 1, 1], candidate: [0, 0, 0, 0]).pValue == 1.0 / 16, "four never do")
    }

    @Test("the rank sum counted exactly: differences 1, 2, 3, 4 better and 5 worse give p = 10/32")
    func exactDistribution() {
        let test = SignedRankTest(reference: [1, 2, 3, 4, 0], candidate: [0, 0, 0, 0, 5])
        #expect(test.pValue == 10.0 / 32)
        #expect(test.better == 4 && test.worse == 1 && test.differing == 5)
    }

    @Test("sentences with the same errors carry no evidence; none differing is no evidence at all")
    func ties() {
        #expect(SignedRankTest(reference: [2, 0, 1], candidate: [2, 0, 1]).pValue == 1)
        let mostlySame = SignedRankTest(reference: [1, 1, 1, 2, 0, 0, 3], candidate: [1, 1, 1, 1, 0, 0, 3])
        #expect(mostlySame.differing == 1 && mostlySame.pValue == 0.5)
    }

    @Test("a worse candidate gets a large p; a net error or two on a few sentences is far from convincing")
    func worseAndBorderline() {
        #expect(SignedRankTest(reference: [0, 0, 0, 1], candidate: [1, 1, 2, 1]).pValue > 0.9)
        // 14 sentences, two better by one error and one worse by one: far from beyond doubt.
        let reference = [1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]
        let candidate = [0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0]
        #expect(SignedRankTest(reference: reference, candidate: candidate).pValue > 0.2)
    }

    @Test("mean ranks of tied differences are doubled to stay whole")
    func doubledRanks() {
        #expect(SignedRankTest.doubledRanks(of: [3, 1, 3, 2]) == [7, 2, 7, 4])
    }
}
