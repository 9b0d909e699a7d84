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

    /// Loads `model` with the clinic's words of its locale and the command words `commands`
    /// (`CommandToken`s, weighed by `commandWeight`): in its language model (`VocabularyLanguageModel`,
    /// written in `cache`; without a cache, the model's own) and, for the clinic's words, its dictionary,
    /// which leaves out the locale's withheld words (`DecodingDictionary`, also in `cache`).
    /// `notes` gets what was left out.
    convenience init(
        model: SpeechModel, log: any StationLog, vocabulary: ClinicVocabulary?, commands: [String] = [],
        commandWeight: Float = CommandWeights.unigram, cache: URL?, notes: any StationLog
    ) throws {
        try SphinxLibrary.load()
        // sphinxbase's own log while the language model is written goes where the decoder's goes.
        DecoderLog.shared.route(to: log)
        var words: [String] = []
        if let vocabulary, let file = try? vocabulary.read(locale: model.locale), !file.entries.isEmpty {
            let phones = try? ModelPhones(model: model)
            words = file.entries.filter { entry in
                phones.map { entry.phones.allSatisfy($0.phones.contains) } ?? true
            }.map(\.word)
        }
        let languageModel = VocabularyLanguageModel.prepare(
            for: model, words: words, commands: commands, commandWeight: commandWeight, cache: cache, log: notes)
        let dictionary = DecodingDictionary.prepare(for: model, cache: cache, log: notes)
        try self.init(model: model, log: log, languageModel: languageModel, dictionary: dictionary)
        commandWords = Set(commands)
        _ = catchUp(with: vocabulary, log: notes, fresh: true)
    }

    /// Brings the decoder up to `vocabulary`'s words of its locale. False when a word it took was since
    /// removed or said anew, or a new word is not in its language model: pocketsphinx 0.8 cannot take a
    /// word out, and a word must be in the language model it loaded (`VocabularyLanguageModel`), so only
    /// a fresh decoder takes such a change.
    func catchUp(with vocabulary: ClinicVocabulary?, log: any StationLog, fresh: Bool = false) -> Bool {
        guard let vocabulary else { return true }
        let stamp = vocabulary.stamp(locale: model.locale)
        if stamp == applied.stamp { return true }
        let file = (try? vocabulary.read(locale: model.locale)) ?? VocabularyFile()
        let entries = file.entries
        guard applied.entries.isSubset(of: Set(entries)) else { return false }
        let new = entries.filter { !applied.entries.contains($0) }
        let usable = usableEntries(new, log: log)
        let missing = usable.filter { !hasLanguageModelWord($0.word) }
        if !fresh, !missing.isEmpty { return false }
        if file.beyondLimit > 0 {
            log.log(
                .warning,
                "vocabulary \(model.locale): \(file.beyondLimit) words past the first \(ClinicVocabulary.maximumWords) left out"
            )
        }
        if !missing.isEmpty {
            log.log(
                .warning,
                "vocabulary \(model.locale): \(missing.count) words found no room in the language model; left out")
        }
        add(usable.filter { hasLanguageModelWord($0.word) }, log: log)
        applied.entries.formUnion(new)
        applied.stamp = stamp
        return true
    }

    /// The entries whose phones the model has; a word with another phone would fail the search's rebuild.
    func usableEntries(_ entries: [VocabularyEntry], log: any StationLog) -> [VocabularyEntry] {
        if applied.phones == nil { applied.phones = try? ModelPhones(model: model) }
        let usable = entries.filter { entry in
            applied.phones.map { entry.phones.allSatisfy($0.phones.contains) } ?? true
        }
        if usable.count < entries.count {
            log.log(
                .warning,
                "\(entries.count - usable.count) vocabulary words use phones the \(model.locale) model lacks; left out")
        }
        return usable
    }

    /// Whether the loaded language model has `word` as a word of its own. The search's model is a set
    /// whose words are the dictionary's, so the question goes to the model it holds.
    func hasLanguageModelWord(_ word: String) -> Bool {
        guard let set = ps_get_lm(pointer, ps_get_search(pointer)) else { return false }
        let languageModel: OpaquePointer
        if let current = ngram_model_set_current(set), let named = ngram_model_set_lookup(set, current) {
            languageModel = named
        } else if let iterator = ngram_model_set_iter(set) {
            defer { ngram_model_set_iter_free(iterator) }
            guard let first = ngram_model_set_iter_model(iterator, nil) else { return false }
            languageModel = first
        } else {
            return false
        }
        return ngram_wid(languageModel, word) != ngram_unknown_wid(languageModel)
    }

    /// `ps_add_word` for each entry, all of them words of the language model (`VocabularyLanguageModel`),
    /// so pocketsphinx adds none to it: adding one at run time puts the model's lookups out of range.
    /// A word the dictionary already has is refused by `ps_add_word`, so its pronunciation goes in as a
    /// variant (`word(2)`), which the search looks up in the language model as its base word.
    private func add(_ entries: [VocabularyEntry], log: any StationLog) {
        var failed = 0
        for (index, entry) in entries.enumerated() {
            var name = entry.word
            if let known = ps_lookup_word(pointer, entry.word) {
                free(known)
                name = freeVariant(of: entry.word)
            }
            // The search is rebuilt once, by the last word added.
            let update: Int32 = index == entries.count - 1 ? 1 : 0
            if ps_add_word(pointer, name, entry.phones.joined(separator: " "), update) < 0 { failed += 1 }
        }
        if failed > 0 {
            log.log(.warning, "\(failed) vocabulary words could not be added to the \(model.locale) decoder")
        }
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
