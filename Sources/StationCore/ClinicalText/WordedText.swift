/// A text cut into words (letters, digits and apostrophes, lower-cased for matching) and the gaps
/// between them, so that phrases can be matched on words and replaced in the text as written.
struct WordedText {
    let original: String
    let words: [String]
    private let ranges: [Range<String.Index>]

    init(_ text: String) {
        original = text
        var words: [String] = []
        var ranges: [Range<String.Index>] = []
        var index = text.startIndex
        while index < text.endIndex {
            guard Self.isWordCharacter(text[index]) else {
                index = text.index(after: index)
                continue
            }
            let start = index
            while index < text.endIndex, Self.isWordCharacter(text[index]) { index = text.index(after: index) }
            words.append(text[start..<index].lowercased())
            ranges.append(start..<index)
        }
        self.words = words
        self.ranges = ranges
    }

    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "'"
    }

    /// What separates word `index` from the next one.
    func gap(after index: Int) -> Substring {
        guard index >= 0, index + 1 < ranges.count else { return "" }
        return original[ranges[index].upperBound..<ranges[index + 1].lowerBound]
    }

    /// Whether words `index` and `index + 1` are separated by spaces only.
    func joined(_ index: Int) -> Bool {
        guard index >= 0, index + 1 < words.count else { return false }
        let gap = gap(after: index)
        return !gap.isEmpty && gap.allSatisfy { $0 == " " }
    }

    /// Whether no sentence ends between words `index` and `index + 1`.
    func sameSentence(_ index: Int) -> Bool {
        guard index >= 0, index + 1 < words.count else { return false }
        return !gap(after: index).contains { ".?!".contains($0) || $0.isNewline }
    }

    /// What follows word `index` up to the next word or the end of the text.
    func after(_ index: Int) -> Substring {
        guard index >= 0, index < ranges.count else { return "" }
        let end = index + 1 < ranges.count ? ranges[index + 1].lowerBound : original.endIndex
        return original[ranges[index].upperBound..<end]
    }

    /// The text with words `first..<end` of each replacement (in order, not overlapping) replaced, and
    /// with them the replacement's `trailing` characters after its last word (the "." of "p.m.").
    func replacing(_ replacements: [WordReplacement]) -> String {
        var output = ""
        var cursor = original.startIndex
        for replacement in replacements {
            output += original[cursor..<ranges[replacement.first].lowerBound]
            output += replacement.text
            cursor = ranges[replacement.end - 1].upperBound
            cursor = original.index(cursor, offsetBy: replacement.trailing, limitedBy: original.endIndex) ?? cursor
        }
        output += original[cursor...]
        return output
    }
}

/// Words `first..<end` of a `WordedText` written as `text`.
struct WordReplacement {
    var first: Int
    var end: Int
    var text: String
    /// Characters after the last word that go too.
    var trailing = 0
}
