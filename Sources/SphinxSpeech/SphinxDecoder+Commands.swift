import CPocketSphinx
import Foundation
import StationCore

/// Spoken commands given their due weight in decoding. The language model has "comma" as a rare word
/// (log10 P = −5.9, less after "is swollen" than "common" or "comet"), and a command of two words
/// needs both, so a command said in a sentence came out as other words. Each command phrase is added
/// as one decoder word (`CommandToken`: "comma_", "new_paragraph_", "insert_normal_chest_exam_"), said
/// as its words are, which pocketsphinx enters in the language model as a unigram of 1/N (log10 −4.86
/// for Debian's en-US), reached from every context by backing off; the phrase's own words stay.
///
/// A higher probability was tried and dropped: sphinxbase 0.8 sets a unigram only when a word is
/// added, and adding a word again to set it (`ngram_model_add_word` on a known word) made the decoder
/// crash now and then in the trigram search (1 of 6 decodes of one dictation with twelve commands).
enum CommandWeights {
    /// Whether commands are added as words of their own: `scripts/bench-sentences` measures how often
    /// each command is heard and the WER of ordinary speech with and without.
    static let standard = false
}

extension SphinxDecoder {
    /// Adds each phrase not added yet as one word; a phrase with a word the dictionary lacks is left
    /// out (logged).
    func weighCommands(_ phrases: [[String]], log: any StationLog) {
        var pending: [(token: String, phones: String)] = []
        var unsaid = 0
        for phrase in phrases where !knows(CommandToken.token(for: phrase)) {
            let phones = phrase.map(pronunciation)
            guard phones.allSatisfy({ $0 != nil }) else {
                unsaid += 1
                continue
            }
            pending.append((CommandToken.token(for: phrase), phones.compactMap { $0 }.joined(separator: " ")))
        }
        if unsaid > 0 { log.log(.warning, "\(unsaid) spoken commands have a word the dictionary lacks; left out") }
        var failed = 0
        for (index, entry) in pending.enumerated() {
            // The search is rebuilt once, with the last word.
            let update: Int32 = index == pending.count - 1 ? 1 : 0
            if ps_add_word(pointer, entry.token, entry.phones, update) < 0 { failed += 1 }
        }
        if failed > 0 { log.log(.warning, "\(failed) spoken commands could not be added to the decoder") }
    }

    private func knows(_ word: String) -> Bool {
        guard let known = ps_lookup_word(pointer, word) else { return false }
        free(known)
        return true
    }

    /// The phones of `word`'s first pronunciation in the dictionary.
    private func pronunciation(_ word: String) -> String? {
        guard let phones = ps_lookup_word(pointer, word) else { return nil }
        defer { free(phones) }
        return String(cString: phones)
    }
}
