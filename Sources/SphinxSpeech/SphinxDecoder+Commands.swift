import CPocketSphinx
import Foundation
import StationCore

/// Spoken commands given their due weight in decoding. The language model has "comma" as a rare word
/// (log10 P = −5.9, less after "is swollen" than "common" or "comet"), and a command of two words
/// needs both, so a command said in a sentence came out as other words. Each command phrase is one
/// decoder word (`CommandToken`: "comma_", "new_paragraph_", "insert_normal_chest_exam_"), said as its
/// words are; the phrase's own words stay.
///
/// The command words are written into the language model the decoder loads (`VocabularyLanguageModel`,
/// with a unigram of `unigram` times 1/N, reached from every context by backing off), never added to
/// the loaded model: sphinxbase 0.8's trie model looks a word up as the word before another by a
/// search that assumes word numbers no larger than its count at load, and a word added at run time
/// (`ps_add_word` of a word the model lacks) sent it out of range, a crash now and then in
/// `lm_trie_score` (1 of 6 decodes of a dictation with twelve command words). `ps_add_word` now only
/// gives the dictionary the word's phones; the model already has it, so sphinxbase adds nothing to it.
enum CommandWeights {
    /// Whether commands are words of their own in decoding; `scripts/bench-sentences` measures how
    /// often each command is heard and the WER of ordinary speech with and without.
    static let standard = true
    /// A command word's unigram as a multiple of 1/N (N: the model's words; log10 1/N = −4.86 for
    /// Debian's en-US). Chosen with `scripts/bench-sentences --command-weight W` (README).
    static let unigram: Float = 100
}

extension SphinxDecoder {
    /// Whether this decoder's language model was written with every word of `commands`.
    func hasCommandWords(_ commands: [String]) -> Bool {
        commands.allSatisfy(commandWords.contains)
    }

    /// Gives the dictionary each phrase's word that its language model has and the dictionary lacks yet;
    /// a phrase with a word the dictionary lacks is left out (logged), and so is one the language model
    /// was not written with (adding it would add it to the loaded model).
    func weighCommands(_ phrases: [[String]], log: any StationLog) {
        var pending: [(token: String, phones: String)] = []
        var unsaid = 0
        for phrase in phrases {
            let token = CommandToken.token(for: phrase)
            guard commandWords.contains(token), !knows(token), hasLanguageModelWord(token) else { continue }
            let phones = phrase.map(pronunciation)
            guard phones.allSatisfy({ $0 != nil }) else {
                unsaid += 1
                continue
            }
            pending.append((token, phones.compactMap { $0 }.joined(separator: " ")))
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

    /// Whether the dictionary has `word` (a command word once `weighCommands` gave it its phones).
    func knows(_ word: String) -> Bool {
        guard let known = ps_lookup_word(pointer, word) else { return false }
        free(known)
        return true
    }

    /// The phones of `word`'s first pronunciation in the dictionary; for a word it lacks that joins two
    /// it has, theirs ("semicolon", which Debian's dictionary has only as "semi-colon": "semi" "colon").
    private func pronunciation(_ word: String) -> String? {
        if let phones = lookUp(word) { return phones }
        let letters = Array(word)
        guard letters.count >= 4 else { return nil }
        for split in 2...(letters.count - 2) {
            if let first = lookUp(String(letters[..<split])), let second = lookUp(String(letters[split...])) {
                return first + " " + second
            }
        }
        return nil
    }

    private func lookUp(_ word: String) -> String? {
        guard let phones = ps_lookup_word(pointer, word) else { return nil }
        defer { free(phones) }
        return String(cString: phones)
    }
}
