import Foundation

/// Where a search's words show in a line, as the store matches them: each typed word as the start of a
/// word, ignoring case and accents ("ozdem" in "Özdemir").
struct SearchMatch {
    /// The typed words, folded.
    let words: [[Character]]

    init(_ query: String) {
        words = query.split(whereSeparator: \.isWhitespace).map { Self.fold(String($0)) }.filter { !$0.isEmpty }
    }

    var isEmpty: Bool { words.isEmpty }

    /// The character ranges of `line` that a typed word matches.
    func ranges(in line: String) -> [Range<Int>] {
        guard !words.isEmpty else { return [] }
        let characters = Array(line)
        var result: [Range<Int>] = []
        var index = 0
        while index < characters.count {
            guard Self.isWordCharacter(characters[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count, Self.isWordCharacter(characters[end]) { end += 1 }
            if let length = matchLength(Array(characters[index..<end])) { result.append(index..<(index + length)) }
            index = end
        }
        return result
    }

    /// The first line of `text` a word matches, or nil when none does, looking at no more than the
    /// first `limit` characters (a list row must not cost what a long report's whole text costs); each
    /// line is cut to `lineLimit` characters.
    func firstMatchingLine(of text: String, limit: Int = 16_384, lineLimit: Int = 512) -> String? {
        var line = ""
        var kept = 0
        var read = 0
        for character in text {
            read += 1
            if character.isNewline {
                if !line.isEmpty, !ranges(in: line).isEmpty { return line }
                line = ""
                kept = 0
            } else if kept < lineLimit {
                line.append(character)
                kept += 1
            }
            if read >= limit { break }
        }
        return !line.isEmpty && !ranges(in: line).isEmpty ? line : nil
    }

    /// How many characters of `word` the longest typed word that begins it covers.
    private func matchLength(_ word: [Character]) -> Int? {
        // Folding may change a character's length, so it is done character by character.
        let folded = word.map { Self.fold(String($0)) }
        var best: Int?
        for typed in words {
            var consumed: [Character] = []
            var count = 0
            while consumed.count < typed.count, count < folded.count {
                consumed += folded[count]
                count += 1
            }
            if consumed.count >= typed.count, Array(consumed.prefix(typed.count)) == typed {
                best = max(best ?? 0, count)
            }
        }
        return best
    }

    private static func fold(_ text: String) -> [Character] {
        Array(text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil))
    }

    private static func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber }
}
