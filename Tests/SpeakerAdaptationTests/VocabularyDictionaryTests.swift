import Foundation
import SpeakerAdaptation
import SphinxSpeech
import StationTestSupport
import Testing

@Suite("Training knows the clinic's words")
struct VocabularyDictionaryTests {
    @Test("a vocabulary word makes a dictation usable; a dictionary word gets the new pronunciation as a variant")
    func adding() throws {
        let folder = try AudioFixtures.temporaryDirectory("vocabulary-training")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = ClinicVocabulary(directory: folder.appendingPathComponent("vocabulary"))
        try store.add(
            word: "metoprolol", phones: ["M", "EH", "T", "AH", "P", "R", "OW", "L", "AO", "L"], locale: "en-US")
        try store.add(word: "read", phones: ["R", "EH", "D"], locale: "en-US")
        try store.add(word: "aspirin", phones: ["AE", "S", "P", "ER", "IH", "N"], locale: "en-US")
        let stock = try PronunciationDictionary(contentsOf: ModelLocator.debianModels[0].dictionary)
        #expect(!stock.knows("metoprolol"))
        let dictionary = stock.adding(try store.entries(locale: "en-US"))
        #expect(dictionary.knows("metoprolol"))
        #expect(
            dictionary.subset(["metoprolol", "read", "aspirin"]).split(separator: "\n") == [
                "aspirin AE S P R IH N", "aspirin(2) AE S P ER IH N", "metoprolol M EH T AH P R OW L AO L",
                "read R EH D", "read(2) R IY D",
            ])
    }
}

@Suite("Training takes dictations holding the clinic's words")
struct VocabularyTrainingTests {
    @Test("a dictation with a vocabulary word counts as usable only with the vocabulary")
    func usable() async throws {
        let folder = try AudioFixtures.temporaryDirectory("vocabulary-usable")
        defer { try? FileManager.default.removeItem(at: folder) }
        let audio = folder.appendingPathComponent("a.wav")
        try AudioFixtures.writeWAV([Int16](repeating: 0, count: 1_600), to: audio)
        let dictation = CorrectedDictation(
            audioFile: audio, text: "Start metoprolol today.", created: Date(timeIntervalSince1970: 1_780_000_000))
        let source = ListedDictations(["alice": [dictation]])
        let store = ClinicVocabulary(directory: folder.appendingPathComponent("vocabulary"))
        try store.add(
            word: "metoprolol", phones: ["M", "EH", "T", "AH", "P", "R", "OW", "L", "AO", "L"], locale: "en-US")
        var updater = ProfileUpdater(profiles: SpeakerProfiles(directory: folder.appendingPathComponent("profiles")))
        func usableCount() async -> Int? {
            do {
                _ = try await updater.update(
                    author: "alice", base: ModelLocator.debianModels[0], source: source, now: Date())
            } catch AdaptationError.notEnoughDictations(let usable, _) {
                return usable
            } catch {}
            return nil
        }
        #expect(await usableCount() == 0)
        updater.vocabulary = store
        #expect(await usableCount() == 1)
    }
}
