/// Word error rate: substitutions, insertions and deletions against the reference words.
public struct WordErrors: Sendable, Equatable, Codable {
    public var errors: Int
    public var words: Int

    public init(errors: Int = 0, words: Int = 0) {
        self.errors = errors
        self.words = words
    }

    /// The rate in percent (0 for no words).
    public var percent: Double { words == 0 ? 0 : Double(errors) * 100 / Double(words) }

    /// The edit distance between `hypothesis` and `reference`, counted over `reference`'s words.
    public static func of(hypothesis: [String], reference: [String]) -> WordErrors {
        var previous = Array(0...hypothesis.count)
        for (row, word) in reference.enumerated() {
            var current = [row + 1] + Array(repeating: 0, count: hypothesis.count)
            for (column, guess) in hypothesis.enumerated() {
                current[column + 1] = Swift.min(
                    previous[column + 1] + 1, current[column] + 1, previous[column] + (word == guess ? 0 : 1))
            }
            previous = current
        }
        return WordErrors(errors: previous[hypothesis.count], words: reference.count)
    }

    public static func + (lhs: WordErrors, rhs: WordErrors) -> WordErrors {
        WordErrors(errors: lhs.errors + rhs.errors, words: lhs.words + rhs.words)
    }
}
