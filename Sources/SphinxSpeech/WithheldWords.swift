import Foundation
import StationCore

/// The words a locale's decoder is never given (`Resources/withheld/<locale>.txt`): profanity and slurs
/// that a stock language model knows and that no report should get from a misheard phrase.
enum WithheldWords {
    static func list(locale: String) -> Set<String> {
        for candidate in ShippedResources.candidates("withheld", "\(locale).txt") {
            guard let text = try? String(contentsOf: candidate, encoding: .utf8) else { continue }
            return parse(text)
        }
        return []
    }

    /// One word a line; blank lines and lines starting with `#` say nothing.
    static func parse(_ text: String) -> Set<String> {
        var words: Set<String> = []
        for line in text.split(whereSeparator: \.isNewline) {
            let word = line.trimmingCharacters(in: .whitespaces)
            if !word.isEmpty, !word.hasPrefix("#") { words.insert(word.lowercased()) }
        }
        return words
    }
}
