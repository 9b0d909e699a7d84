import Foundation
import StationCore

/// The words a locale's decoder is never given (`Resources/withheld/<locale>.txt`): profanity and slurs
/// that a stock language model knows and that no report should get from a misheard phrase.
enum WithheldWords {
    static func list(locale: String) -> Set<String> {
        guard let file = ShippedResources.file("withheld", "\(locale).txt"),
            let text = try? String(contentsOf: file, encoding: .utf8)
        else { return [] }
        return parse(text)
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
