/// The Wilcoxon signed-rank test on paired counts (a sentence's word errors under two models), exact
/// at any sample size: the null distribution of the rank sum is counted, not approximated, so a
/// handful of sentences gives an honest, large p-value instead of a confident guess.
///
/// Pairs with no difference are dropped (Wilcoxon's way); tied differences share their mean rank, and
/// the distribution is the one conditional on those ranks (every sign equally likely), counted over
/// doubled ranks so that half ranks stay whole numbers.
public struct SignedRankTest: Sendable, Equatable, Codable {
    /// Pairs that differ, those where the second did better, and those where it did worse.
    public var differing: Int
    public var better: Int
    public var worse: Int
    /// The probability, were the two alike, of the second doing at least this much better: small
    /// means the second is better beyond doubt.
    public var pValue: Double

    /// Tests whether `candidate` makes fewer errors than `reference` on the same items, in order.
    public init(reference: [Int], candidate: [Int]) {
        precondition(reference.count == candidate.count, "paired counts")
        let differences = zip(reference, candidate).map { $0 - $1 }.filter { $0 != 0 }
        differing = differences.count
        better = differences.filter { $0 > 0 }.count
        worse = differing - better
        pValue = Self.upperTail(differences)
    }

    /// P(W+ ≥ observed) for the signed ranks of `differences` (none zero).
    static func upperTail(_ differences: [Int]) -> Double {
        guard !differences.isEmpty else { return 1 }
        let ranks = doubledRanks(of: differences.map { abs($0) })
        let observed = zip(differences, ranks).filter { $0.0 > 0 }.map(\.1).reduce(0, +)
        // ways[s]: the sign choices whose positive doubled ranks sum to s, as a share of all of them
        // (halved at each rank, so no count overflows).
        let total = ranks.reduce(0, +)
        var ways = [Double](repeating: 0, count: total + 1)
        ways[0] = 1
        for rank in ranks {
            var next = [Double](repeating: 0, count: total + 1)
            for sum in 0...total where ways[sum] > 0 {
                next[sum] += ways[sum] / 2
                next[sum + rank] += ways[sum] / 2
            }
            ways = next
        }
        return min(1, ways[observed...].reduce(0, +))
    }

    /// Twice the rank of each value among `values` (1 for the smallest), ties sharing their mean.
    public static func doubledRanks(of values: [Int]) -> [Int] {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Int](repeating: 0, count: values.count)
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count, values[order[end + 1]] == values[order[start]] { end += 1 }
            // Positions start+1 … end+1 share the mean rank (start + end + 2) / 2; doubled, a whole number.
            for position in start...end { ranks[order[position]] = start + end + 2 }
            start = end + 1
        }
        return ranks
    }
}
