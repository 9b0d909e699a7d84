import Foundation

/// Lines up two sequences of words in order, ignoring case: the decoder's words with a report's text as
/// corrected or formatted since, or a hypothesis with its reference. Words that still match pair up;
/// words changed, removed or added pair with nothing.
public enum WordAlignment {
    /// The largest middle (after the common start and end are set aside) compared word by word; beyond
    /// it, the middle pairs nothing rather than take a lot of memory (a text rewritten from scratch).
    public static let largestMiddle = 4_000_000

    /// The pairs `(i, j)` with `a[i]` equal to `b[j]` ignoring case, in order, as many as can be (a
    /// longest common subsequence).
    public static func matches(_ a: [String], _ b: [String]) -> [(Int, Int)] {
        let x = a.map { $0.lowercased() }
        let y = b.map { $0.lowercased() }
        var prefix = 0
        while prefix < x.count, prefix < y.count, x[prefix] == y[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < x.count - prefix, suffix < y.count - prefix, x[x.count - 1 - suffix] == y[y.count - 1 - suffix] {
            suffix += 1
        }
        var pairs = (0..<prefix).map { ($0, $0) }
        pairs += middle(Array(x[prefix..<(x.count - suffix)]), Array(y[prefix..<(y.count - suffix)])).map {
            ($0.0 + prefix, $0.1 + prefix)
        }
        pairs += (0..<suffix).map { (x.count - suffix + $0, y.count - suffix + $0) }
        return pairs
    }

    /// A longest common subsequence by the table of common lengths of every pair of suffixes.
    private static func middle(_ x: [String], _ y: [String]) -> [(Int, Int)] {
        let (n, m) = (x.count, y.count)
        guard n > 0, m > 0, n * m <= largestMiddle else { return [] }
        // lengths[i * (m + 1) + j]: the longest common subsequence of x[i...] and y[j...].
        var lengths = [Int32](repeating: 0, count: (n + 1) * (m + 1))
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i * (m + 1) + j] =
                    x[i] == y[j]
                    ? lengths[(i + 1) * (m + 1) + j + 1] + 1
                    : max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1])
            }
        }
        var pairs: [(Int, Int)] = []
        var (i, j) = (0, 0)
        while i < n, j < m {
            if x[i] == y[j] {
                pairs.append((i, j))
                i += 1
                j += 1
            } else if lengths[(i + 1) * (m + 1) + j] >= lengths[i * (m + 1) + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }

    /// The words of a text with where each is, in characters from the text's start: runs of letters,
    /// digits and apostrophes inside a word ("patient's"), so marks and line breaks are never part of one.
    public static func words(in text: String) -> [(word: String, range: Range<Int>)] {
        let characters = Array(text)
        var result: [(String, Range<Int>)] = []
        var index = 0
        while index < characters.count {
            guard isWordCharacter(characters[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count,
                isWordCharacter(characters[end])
                    || (characters[end] == "'" && end + 1 < characters.count && isWordCharacter(characters[end + 1]))
            {
                end += 1
            }
            result.append((String(characters[index..<end]), index..<end))
            index = end
        }
        return result
    }

    /// What a word is made of: letters and digits (an apostrophe only inside a word, as `words(in:)` reads it).
    public static func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber }
}
