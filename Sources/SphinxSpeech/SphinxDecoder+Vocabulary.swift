import CPocketSphinx
import Foundation
import StationCore

/// The clinic's words in a loaded decoder: added to its dictionary and language model after it loads,
/// and again whenever the vocabulary file changed when a dictation opens.
extension SphinxDecoder {
    /// What this decoder took from the vocabulary so far: the file's stamp and the entries added.
    struct AppliedVocabulary {
        var stamp: FileStamp?
        var entries: Set<VocabularyEntry> = []
        var phones: ModelPhones?
    }

    /// Brings the decoder up to `vocabulary`'s words of its locale. False when a word it took was since
    /// removed or said anew: pocketsphinx 0.8 cannot take a word out, so only a fresh decoder forgets it.
    func catchUp(with vocabulary: ClinicVocabulary?, log: any StationLog) -> Bool {
        guard let vocabulary else { return true }
        let stamp = vocabulary.stamp(locale: model.locale)
        if stamp == applied.stamp { return true }
        let entries = (try? vocabulary.entries(locale: model.locale)) ?? []
        guard applied.entries.isSubset(of: Set(entries)) else { return false }
        let new = entries.filter { !applied.entries.contains($0) }
        add(new, log: log)
        applied.entries.formUnion(new)
        applied.stamp = stamp
        return true
    }

    /// `ps_add_word` for each entry. pocketsphinx 0.8 enters a new word in the language model as a
    /// unigram of probability 1/N (N, the model's unigrams: 72,548 for Debian's en-US, log10 −4.86),
    /// reached from any context by backing off. A word the dictionary already has is refused by
    /// `ps_add_word`, so its pronunciation goes in as a variant (`word(2)`); and since about half of
    /// Debian's dictionary is not in its language model ("amoxicillin" is not), and such a word is never
    /// recognized, the word is first given that same unigram.
    private func add(_ entries: [VocabularyEntry], log: any StationLog) {
        if applied.phones == nil { applied.phones = try? ModelPhones(model: model) }
        // The search is rebuilt once, by the last word added; a word whose phones the model lacks would
        // fail before that rebuild, so such words are left out first.
        let usable = entries.filter { entry in
            applied.phones.map { entry.phones.allSatisfy($0.phones.contains) } ?? true
        }
        if usable.count < entries.count {
            log.log(
                .warning,
                "\(entries.count - usable.count) vocabulary words use phones the \(model.locale) model lacks; left out")
        }
        let languageModel = ps_get_lm(pointer, ps_get_search(pointer))
        var failed = 0
        for (index, entry) in usable.enumerated() {
            var name = entry.word
            if let known = ps_lookup_word(pointer, entry.word) {
                free(known)
                if let languageModel, lacksProbability(entry.word, in: languageModel) {
                    _ = ngram_model_add_word(languageModel, entry.word, 1.0)
                }
                name = freeVariant(of: entry.word)
            }
            let update: Int32 = index == usable.count - 1 ? 1 : 0
            if ps_add_word(pointer, name, entry.phones.joined(separator: " "), update) < 0 { failed += 1 }
        }
        if failed > 0 {
            log.log(.warning, "\(failed) vocabulary words could not be added to the \(model.locale) decoder")
        }
    }

    private func lacksProbability(_ word: String, in languageModel: OpaquePointer) -> Bool {
        let probability = word.withCString { text -> Int32 in
            var words: [UnsafePointer<CChar>?] = [text]
            return ngram_prob(languageModel, &words, 1)
        }
        return probability <= ngram_zero(languageModel)
    }

    /// `word(2)`, `word(3)`…: the first variant name the dictionary does not use.
    private func freeVariant(of word: String) -> String {
        var number = 2
        while let known = ps_lookup_word(pointer, "\(word)(\(number))") {
            free(known)
            number += 1
        }
        return "\(word)(\(number))"
    }
}
