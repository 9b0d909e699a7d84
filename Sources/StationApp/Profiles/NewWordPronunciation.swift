import LetterToSound
import SphinxSpeech
import StationCore

/// How a training says a word of a corrected text that the dictionary lacks: as `vocabulary add` does,
/// flite's lexicon and letter-to-sound rules for en-US (the one language flite speaks), checked against
/// the model's phones. Other locales have no rules here: such a dictation is left out, naming the word.
enum NewWordPronunciation {
    static func pronouncer(locator: ModelLocator) -> @Sendable (String, String) -> [String]? {
        let phones = (try? locator.model(for: "en-US")).flatMap { try? ModelPhones(model: $0) }
        return { word, locale in
            guard locale == "en-US", let phones, (try? VocabularyEntry.checkedWord(word)) == word,
                let flite = try? FliteLexicon.pronunciation(of: word)
            else { return nil }
            return try? VocabularyEntry.checkedPhones(flite.joined(separator: " "), in: phones, locale: locale)
        }
    }
}
