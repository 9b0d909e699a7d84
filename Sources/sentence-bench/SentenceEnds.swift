import StationTestSupport

/// Where sentences end in a text, as the word after which they end, and how a hypothesis's ends compare
/// with a reference's once the words are aligned.
struct SentenceEnds {
    /// The text's words (lower case, no punctuation), as `WordErrorRate` counts them.
    var words: [String]
    /// The indices of the words a sentence ends after, the last word left out (every text ends there).
    var ends: Set<Int>

    /// The ends of a formatted text: after a word followed by ".", "?", "!" or a line break.
    init(text: String) {
        words = []
        ends = []
        var current = ""
        func flush() {
            let found = WordErrorRate.words(current)
            words += found
            current = ""
        }
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if "?!\n".contains(character) || (character == "." && Self.endsSentence(characters, after: index)) {
                flush()
                if !words.isEmpty { ends.insert(words.count - 1) }
            } else {
                current.append(character)
            }
        }
        flush()
        ends.remove(words.count - 1)
    }

    /// A dot ends a sentence before a line break, the end, or a space and a capital; not inside or after a
    /// word of the decoder's such as "p.m.".
    private static func endsSentence(_ characters: [Character], after index: Int) -> Bool {
        let rest = characters[(index + 1)...]
        guard let next = rest.first else { return true }
        if next.isNewline { return true }
        return next == " " && rest.dropFirst().first?.isUppercase == true
    }

    /// The ends of a reference written one sentence a line.
    init(lines: [String]) {
        words = []
        ends = []
        for line in lines {
            words += WordErrorRate.words(line)
            if !words.isEmpty { ends.insert(words.count - 1) }
        }
        ends.remove(words.count - 1)
    }

    /// How `hypothesis`'s ends match `reference`'s.
    struct Count {
        var referenceEnds = 0
        var found = 0
        var hypothesisEnds = 0
        var falseEnds = 0

        static func + (lhs: Count, rhs: Count) -> Count {
            Count(
                referenceEnds: lhs.referenceEnds + rhs.referenceEnds, found: lhs.found + rhs.found,
                hypothesisEnds: lhs.hypothesisEnds + rhs.hypothesisEnds, falseEnds: lhs.falseEnds + rhs.falseEnds)
        }

        var recall: Double { referenceEnds == 0 ? 1 : Double(found) / Double(referenceEnds) }
        var falseShare: Double { hypothesisEnds == 0 ? 0 : Double(falseEnds) / Double(hypothesisEnds) }
    }

    /// Each reference end is placed after the hypothesis word aligned with its last word; an end the
    /// hypothesis has there (or one word either side, where a word at the edge was misheard) is found.
    static func compare(hypothesis: SentenceEnds, reference: SentenceEnds) -> Count {
        let placed = align(reference.words, hypothesis.words)
        var unmatched = hypothesis.ends
        var found = 0
        for end in reference.ends.sorted() {
            let at = placed[end]
            if let match = [at, at + 1, at - 1].first(where: unmatched.contains) {
                unmatched.remove(match)
                found += 1
            }
        }
        return Count(
            referenceEnds: reference.ends.count, found: found, hypothesisEnds: hypothesis.ends.count,
            falseEnds: unmatched.count)
    }

    /// For each reference word, the index of the last hypothesis word at or before it in a minimal edit
    /// alignment (-1 before the first).
    static func align(_ reference: [String], _ hypothesis: [String]) -> [Int] {
        let rows = reference.count + 1
        let columns = hypothesis.count + 1
        var cost = [[Int]](repeating: [Int](repeating: 0, count: columns), count: rows)
        for row in 0..<rows { cost[row][0] = row }
        for column in 0..<columns { cost[0][column] = column }
        for row in 1..<rows {
            for column in 1..<columns {
                let same = reference[row - 1] == hypothesis[column - 1] ? 0 : 1
                cost[row][column] = min(
                    cost[row - 1][column - 1] + same, cost[row - 1][column] + 1, cost[row][column - 1] + 1)
            }
        }
        var placed = [Int](repeating: -1, count: reference.count)
        var row = rows - 1
        var column = columns - 1
        while row > 0 {
            let same = column > 0 && reference[row - 1] == hypothesis[column - 1] ? 0 : 1
            if column > 0, cost[row][column] == cost[row - 1][column - 1] + same {
                placed[row - 1] = column - 1
                row -= 1
                column -= 1
            } else if cost[row][column] == cost[row - 1][column] + 1 {
                placed[row - 1] = column - 1
                row -= 1
            } else {
                column -= 1
            }
        }
        return placed
    }
}
