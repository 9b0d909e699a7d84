import Foundation
import StationCore
import StationSystem

/// A vocabulary folder that is a copy of words kept elsewhere (the clinic store's): decoding reads it as
/// any vocabulary folder, and `replace` brings it up to date, each locale's file written whole (and only
/// when it changed, so a decoder that took its words keeps them) under the same lock as a change.
extension ClinicVocabulary {
    /// Makes the folder hold exactly `words`, by locale, in their order; a word or a pronunciation that
    /// would not pass the checks is left out, as decoding leaves out such a line of a file.
    public func replace(with words: [String: [(word: String, phones: [String])]]) throws(VocabularyError) {
        for (locale, list) in words {
            let entries = list.compactMap {
                VocabularyEntry(line: Substring(([$0.word] + $0.phones).joined(separator: " ")))
            }
            try change(locale: locale) { current in current = entries }
        }
        for locale in locales() where words[locale] == nil {
            try change(locale: locale) { current in current = [] }
            let url = try file(locale: locale)
            try Self.storing { () throws(Errno) in try PrivateFile.remove(url.path) }
        }
    }
}
