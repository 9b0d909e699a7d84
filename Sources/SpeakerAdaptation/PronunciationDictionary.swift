import Foundation
import SphinxSpeech
import StationCore

/// The words a pronunciation dictionary (CMU format: `word PHONES…`, variants as `word(2)`) knows.
public struct PronunciationDictionary: Sendable {
    /// Each word with its lines, variants included, as the dictionary writes them.
    private let entries: [String: [String]]

    public init(contentsOf url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        var entries: [String: [String]] = [:]
        for line in text.split(separator: "\n") {
            guard let head = line.split(separator: " ", maxSplits: 1).first else { continue }
            var word = String(head)
            if let open = word.firstIndex(of: "("), word.hasSuffix(")") { word = String(word[..<open]) }
            entries[word, default: []].append(String(line))
        }
        self.entries = entries
    }

    public func knows(_ word: String) -> Bool { entries[word] != nil }

    private init(entries: [String: [String]]) { self.entries = entries }

    /// This dictionary and the clinic's words (`ClinicVocabulary`), so dictations holding them can
    /// train too: a word it lacks is added, a word it has gets the vocabulary's pronunciation as one
    /// more variant (`word(2)`) unless it has that one already.
    public func adding(_ vocabulary: [VocabularyEntry]) -> PronunciationDictionary {
        adding(vocabulary.map { ($0.word, $0.phones) })
    }

    /// This dictionary and the new words a training found in corrected texts, as it said them.
    public func adding(_ words: [NewWord]) -> PronunciationDictionary { adding(words.map { ($0.word, $0.phones) }) }

    private func adding(_ pronunciations: [(word: String, phones: [String])]) -> PronunciationDictionary {
        var entries = entries
        for entry in pronunciations {
            let known = entries[entry.word, default: []]
            let phones = entry.phones.joined(separator: " ")
            guard !known.contains(where: { $0.split(separator: " ").dropFirst().joined(separator: " ") == phones })
            else { continue }
            let name = known.isEmpty ? entry.word : "\(entry.word)(\(known.count + 1))"
            entries[entry.word, default: []].append("\(name) \(phones)")
        }
        return PronunciationDictionary(entries: entries)
    }

    /// A dictionary of only `words` (bw loads it in milliseconds instead of the whole one's seconds).
    public func subset(_ words: Set<String>) -> String {
        words.sorted().compactMap { entries[$0]?.joined(separator: "\n") }.joined(separator: "\n") + "\n"
    }
}

/// A corrected text as the words spoken: lower case, punctuation and marks gone.
public enum SpokenWords {
    public static func of(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "'") }.map(String.init)
    }
}
