import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

/// Real decoding with Debian's en-US model of sentences flite speaks, before and after a word is added.
@Suite("Decoding with the clinic's vocabulary", .serialized)
struct VocabularyDecodingTests {
    static let metoprolol = ["M", "EH", "T", "AH", "P", "R", "AW", "L", "AA", "L"]

    static func transcriber(_ store: ClinicVocabulary) -> SphinxTranscriber {
        var locator = ModelLocator(modelsDirectory: URL(fileURLWithPath: "/nonexistent/models"))
        locator.vocabulary = store
        return SphinxTranscriber(locator: locator, logFile: nil)
    }

    static func words(_ transcription: Transcription) -> [String] {
        transcription.text.lowercased().split { !$0.isLetter }.map(String.init)
    }

    /// A new word goes into the language model only as a decoder loads (`VocabularyLanguageModel`):
    /// added to a loaded one, it would be looked up out of range (issue 20, item 5).
    @Test("a word missing from the dictionary is recognized once added (a decoder loaded with it); removed, forgotten")
    func newWord() async throws {
        let folder = try AudioFixtures.temporaryDirectory("vocabulary-decoding")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(ModelDictionary.pronunciations(of: "metoprolol", in: ModelLocator.debianModels[0].dictionary).isEmpty)
        let audio = try SpokenSentence.wav(
            "the patient takes metoprolol for blood pressure", named: "metoprolol", in: folder)
        let store = ClinicVocabulary(directory: folder.appendingPathComponent("vocabulary"))
        let transcriber = Self.transcriber(store)

        let before = try await transcriber.transcribe(file: audio, locale: "en-US")
        #expect(!Self.words(before).contains("metoprolol"), "\(before.text)")

        try store.add(word: "metoprolol", phones: Self.metoprolol, locale: "en-US")
        let after = try await transcriber.transcribe(file: audio, locale: "en-US")
        #expect(Self.words(after).contains("metoprolol"), "\(after.text)")
        #expect(await transcriber.engine.decodersLoaded == 2, "a decoder loaded with the word")

        #expect(try store.remove(word: "metoprolol", locale: "en-US"))
        let removed = try await transcriber.transcribe(file: audio, locale: "en-US")
        #expect(!Self.words(removed).contains("metoprolol"), "\(removed.text)")
        #expect(await transcriber.engine.decodersLoaded == 3, "only a fresh decoder forgets a word")
    }

    @Test("a dictionary word the language model lacks (amoxicillin) is recognized once added")
    func wordWithoutLanguageModel() async throws {
        let folder = try AudioFixtures.temporaryDirectory("vocabulary-lm")
        defer { try? FileManager.default.removeItem(at: folder) }
        let known = ModelDictionary.pronunciations(of: "amoxicillin", in: ModelLocator.debianModels[0].dictionary)
        let phones = try #require(known.first)
        let audio = try SpokenSentence.wav(
            "give amoxicillin five hundred milligrams three times a day", named: "amoxicillin", in: folder)
        let store = ClinicVocabulary(directory: folder.appendingPathComponent("vocabulary"))
        let transcriber = Self.transcriber(store)

        let before = try await transcriber.transcribe(file: audio, locale: "en-US")
        #expect(!Self.words(before).contains("amoxicillin"), "\(before.text)")
        try store.add(word: "amoxicillin", phones: phones, locale: "en-US")
        let after = try await transcriber.transcribe(file: audio, locale: "en-US")
        #expect(Self.words(after).contains("amoxicillin"), "\(after.text)")
    }
}
