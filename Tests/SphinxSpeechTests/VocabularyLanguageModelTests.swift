import CPocketSphinx
import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

/// What pocketsphinx 0.8 makes of an added word in the language model, read from the loaded decoder.
@Suite("An added word in the language model")
struct VocabularyLanguageModelTests {
    static func log10Probability(_ word: String, after previous: String? = nil, in decoder: SphinxDecoder) -> Double {
        let model = ps_get_lm(decoder.pointer, ps_get_search(decoder.pointer))
        var texts: [String] = [word]
        if let previous { texts.append(previous) }
        let words: [UnsafeMutablePointer<CChar>?] = texts.map { strdup($0) }
        defer { words.forEach { free($0) } }
        // The word first, then its history, the nearest word first.
        var pointers: [UnsafePointer<CChar>?] = words.map { $0.map { UnsafePointer($0) } }
        let probability = ngram_prob(model, &pointers, Int32(pointers.count))
        return Double(logmath_log_to_log10(ps_get_logmath(decoder.pointer), probability))
    }

    /// A clinic vocabulary in `folder` with one word the model knows neither in its dictionary nor in its
    /// language model.
    static func vocabularyWithMetoprolol(in folder: URL) throws -> ClinicVocabulary {
        let store = ClinicVocabulary(directory: folder.appendingPathComponent("vocabulary"))
        try store.add(
            word: "metoprolol", phones: ["M", "EH", "T", "AH", "P", "R", "AW", "L", "AA", "L"], locale: "en-US")
        return store
    }

    @Test("a unigram of 1/N, reached by backing off; a dictionary word without one gets the same")
    func unigram() throws {
        let folder = try AudioFixtures.temporaryDirectory("vocabulary-lm-weight")
        defer { try? FileManager.default.removeItem(at: folder) }
        let stock = try SphinxDecoder(model: ModelLocator.debianModels[0], log: SilentLog())
        #expect(Self.log10Probability("amoxicillin", in: stock) < -1_000, "in the dictionary, not the language model")
        let store = try Self.vocabularyWithMetoprolol(in: folder)
        try store.add(
            word: "amoxicillin", phones: ["AH", "M", "AO", "K", "S", "AH", "S", "IH", "L", "IH", "N"], locale: "en-US")
        // The words go into the language model the decoder loads.
        let decoder = try SphinxDecoder(
            model: ModelLocator.debianModels[0], log: SilentLog(), vocabulary: store, cache: store.languageModelCache,
            notes: SilentLog())
        let unigram = Self.log10Probability("metoprolol", in: decoder)
        // 1/72,548, the Debian language model's unigrams.
        #expect(abs(unigram - -4.861) < 0.01, "\(unigram)")
        #expect(abs(Self.log10Probability("amoxicillin", in: decoder) - unigram) < 0.01)
        #expect(Self.log10Probability("metoprolol", after: "the", in: decoder) < unigram, "backed off")
        #expect(Self.log10Probability("aspirin", in: decoder) < unigram)
    }

    @Test("a copy a killed station was writing is removed at the next decoder load; the copy is written")
    func abandonedCopyRemoved() throws {
        let folder = try AudioFixtures.temporaryDirectory("vocabulary-lm-abandoned")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Self.vocabularyWithMetoprolol(in: folder)
        let cache = store.languageModelCache
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        // As a station killed in its first second leaves it (no process has this id).
        let abandoned = cache.appendingPathComponent(".en-US-5a1e.lm.bin.2000000000.17.tmp")
        try Data(count: 1_000).write(to: abandoned)
        _ = try SphinxDecoder(
            model: ModelLocator.debianModels[0], log: SilentLog(), vocabulary: store, cache: cache, notes: SilentLog())
        let left = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        #expect(!left.contains(abandoned.lastPathComponent), "\(left)")
        #expect(left.contains { $0.hasPrefix("en-US-") && $0.hasSuffix(".lm.bin") }, "\(left)")
        #expect(!left.contains { $0.hasSuffix(".tmp") }, "\(left)")
    }

    /// Issue 20, item 5. sphinxbase's trie language model looks a history word up by an interpolation
    /// search that assumes word numbers no larger than its vocabulary at load; a word added at run time
    /// (`ngram_model_add_word`) as the word before `</s>` read outside the model from the fifth such
    /// word on (a crash here, in a direct query). In the language model written with the words, every
    /// one is looked up in range: the probability after it is the unigram backed off.
    @Test("2,000 clinic words: each as the word before another is looked up in range")
    func historyInRange() throws {
        let folder = try AudioFixtures.temporaryDirectory("vocabulary-lm-history")
        defer { try? FileManager.default.removeItem(at: folder) }
        let directory = folder.appendingPathComponent("vocabulary")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let words = Self.madeUpWords(2_000)
        let lines = words.map { "\($0) M EH T AH L" }.joined(separator: "\n") + "\n"
        try Data(lines.utf8).write(to: directory.appendingPathComponent("en-US.dict"))
        let store = ClinicVocabulary(directory: directory)
        let decoder = try SphinxDecoder(
            model: ModelLocator.debianModels[0], log: SilentLog(), vocabulary: store, cache: store.languageModelCache,
            notes: SilentLog())
        let end = Self.log10Probability("</s>", in: decoder)
        let the = Self.log10Probability("the", in: decoder)
        for word in words {
            #expect(Self.log10Probability(word, in: decoder) > -6, "\(word) is a word of the language model")
            #expect(abs(Self.log10Probability("</s>", after: word, in: decoder) - end) < 0.001, "after \(word)")
            #expect(abs(Self.log10Probability("the", after: word, in: decoder) - the) < 0.001, "after \(word)")
        }
        // The model was written once, privately, and a second decoder finds it again (beside it, the
        // dictionary without the withheld words, as private).
        let kept = try FileManager.default.contentsOfDirectory(atPath: store.languageModelCache.path).sorted()
        #expect(kept.count == 2 && kept.allSatisfy { $0.hasPrefix("en-US-") }, "\(kept)")
        #expect(kept.filter { $0.hasSuffix(".lm.bin") }.count == 1 && kept.filter { $0.hasSuffix(".dict") }.count == 1)
        for name in kept {
            let mode =
                try FileManager.default.attributesOfItem(
                    atPath: store.languageModelCache.appendingPathComponent(name).path)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(name)")
        }
    }

    @Test("the room a trie language model has for words: its word numbers keep their bits")
    func room() {
        #expect(VocabularyLanguageModel.largestWordCount(for: 72_547) == 131_071)
        #expect(VocabularyLanguageModel.largestWordCount(for: 131_071) == 131_071)
        #expect(VocabularyLanguageModel.largestWordCount(for: 131_072) == 262_143)
    }

    /// Words no dictionary has: "zq" and letters, the same in every run.
    static func madeUpWords(_ count: Int) -> [String] {
        let letters = Array("abcdefghiklmnoprstuvw")
        var generator = SeededGenerator(state: 20)
        var words: Set<String> = []
        var ordered: [String] = []
        while ordered.count < count {
            let word = "zq" + String((0..<7).map { _ in letters[Int(generator.next() >> 33) % letters.count] })
            if words.insert(word).inserted { ordered.append(word) }
        }
        return ordered
    }
}
