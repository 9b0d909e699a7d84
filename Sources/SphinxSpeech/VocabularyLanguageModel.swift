import CPocketSphinx
import Foundation
import StationCore
import StationSystem

/// A model's language model with the clinic's words and the spoken commands' words (`CommandWeights`)
/// as words of its own, written once per vocabulary and command set and loaded by the decoder in place
/// of the model's (`-lm`).
///
/// Why not add the words to the loaded decoder (`ps_add_word`, which adds each to the language model
/// with `ngram_model_add_word`)? sphinxbase 0.8's trie language model finds a word among the words that
/// may precede another by an interpolation search that assumes every word number is at most the
/// number of words it was loaded with. A word added at run time gets a number above that, and as the
/// word before another it sends the search past the end of its range, through the model's memory:
/// wrong probabilities from the fifth such word on (Debian's en-US: 72,547 words, and `</s>` may follow
/// 31,242 of them), a crash (SIGSEGV in `bitarr_read_int25`) when the search leaves the memory mapped —
/// every decode with about 12,000 such words. Written into the model's own file, the words count
/// among the words it is loaded with, and the search stays in range.
///
/// The file keeps the model's bit-packed n-grams as they are; they stay valid while the number of
/// words still fits the bits a word number takes (17 for Debian's en-US: up to 131,071 words, room for
/// 58,524 more). Words past that room are left out.
enum VocabularyLanguageModel {
    /// The language model to load for `model` with `words` and the command words `commands` (those its
    /// own lacks are added, as many as it has room for; a command word with a unigram `commandWeight`
    /// times a word of its own), kept in `cache`; without words to add, or when it cannot be written,
    /// the model's own. A word that is not in the loaded model is left out (`SphinxDecoder+Vocabulary`,
    /// `SphinxDecoder+Commands`).
    static func prepare(
        for model: SpeechModel, words: [String], commands: [String] = [], commandWeight: Float = 1, cache: URL?,
        log: any StationLog
    ) -> URL {
        let base = model.languageModel
        guard !(words.isEmpty && commands.isEmpty), let cache else { return base }
        let key = Self.key(base: base, words: words, commands: commands, weight: commandWeight)
        let url = cache.appendingPathComponent("\(model.locale)-\(key).lm.bin")
        PrivateFile.removeAbandonedTemporaries(in: cache.path)
        if FileManager.default.fileExists(atPath: url.path) { return url }
        guard let logmath = logmath_init(1.0001, 0, 0) else { return base }
        // The model takes ownership of `logmath`.
        guard let languageModel = ngram_model_read(nil, base.path, NGRAM_AUTO, logmath) else { return base }
        defer { _ = ngram_model_free(languageModel) }
        let unknown = ngram_unknown_wid(languageModel)
        let lacking =
            Set(commands).subtracting(words).sorted().map { ($0, commandWeight) } + words.map { ($0, Float(1)) }
        let missing = lacking.filter { ngram_wid(languageModel, $0.0) == unknown }
        guard !missing.isEmpty else { return base }
        let count = Int(ngram_model_get_counts(languageModel)?.pointee ?? 0)
        // The commands first: a few words, which the room never lacks.
        let added = missing.prefix(max(0, Self.largestWordCount(for: count) - count))
        for (word, weight) in added { _ = ngram_model_add_word(languageModel, word, weight) }
        let temporary = URL(fileURLWithPath: PrivateFile.temporaryPath(beside: url.path))
        do {
            try PrivateDirectory.make(cache.path, creatingParents: true)
            // Made private first: sphinxbase writes into it as it is.
            try PrivateFile.create(temporary.path)
            guard ngram_model_write(languageModel, temporary.path, NGRAM_BIN) >= 0 else {
                try? PrivateFile.remove(temporary.path)
                log.log(.error, "cannot write the \(model.locale) language model with the clinic's words")
                return base
            }
            try PrivateFile.move(temporary.path, over: url.path)
        } catch {
            try? PrivateFile.remove(temporary.path)
            log.log(.error, "cannot keep the \(model.locale) language model with the clinic's words: \(error)")
            return base
        }
        CacheKey.removeOthers(of: model.locale, suffix: ".lm.bin", keeping: url, in: cache)
        log.log(
            .info, "wrote the \(model.locale) language model with \(added.count) words of the clinic's and its commands"
        )
        return url
    }

    /// The most words a trie language model of `count` words can hold without its word numbers taking
    /// another bit (sphinxbase's `bitarr_required_bits`).
    static func largestWordCount(for count: Int) -> Int {
        guard count > 0 else { return 0 }
        var bits = 0
        while count >> bits > 0 { bits += 1 }
        return (1 << bits) - 1
    }

    /// Names the model and the words: the same vocabulary and commands of the same model finds its
    /// file again.
    private static func key(base: URL, words: [String], commands: [String], weight: Float) -> String {
        var key = CacheKey(source: base)
        for word in words.sorted() { key.mix(word) }
        if !commands.isEmpty {
            key.mix("commands \(weight)")
            for word in commands.sorted() { key.mix(word) }
        }
        return key.name
    }
}
