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

    @Test("a unigram of 1/N, reached by backing off; a dictionary word without one gets the same")
    func unigram() throws {
        let folder = try AudioFixtures.temporaryDirectory("vocabulary-lm-weight")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = ClinicVocabulary(directory: folder.appendingPathComponent("vocabulary"))
        let decoder = try SphinxDecoder(model: ModelLocator.debianModels[0], log: SilentLog())
        #expect(Self.log10Probability("amoxicillin", in: decoder) < -1_000, "in the dictionary, not the language model")
        try store.add(
            word: "metoprolol", phones: ["M", "EH", "T", "AH", "P", "R", "AW", "L", "AA", "L"], locale: "en-US")
        try store.add(
            word: "amoxicillin", phones: ["AH", "M", "AO", "K", "S", "AH", "S", "IH", "L", "IH", "N"], locale: "en-US")
        #expect(decoder.catchUp(with: store, log: SilentLog()))
        let unigram = Self.log10Probability("metoprolol", in: decoder)
        // 1/72,548, the Debian language model's unigrams.
        #expect(abs(unigram - -4.861) < 0.01, "\(unigram)")
        #expect(abs(Self.log10Probability("amoxicillin", in: decoder) - unigram) < 0.01)
        #expect(Self.log10Probability("metoprolol", after: "the", in: decoder) < unigram, "backed off")
        #expect(Self.log10Probability("aspirin", in: decoder) < unigram)
    }
}
