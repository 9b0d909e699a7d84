import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

/// Voice profiles as the engine keeps them: a MAP profile's decoder loads once and stays warm for its
/// speaker's next dictation, a few at most, the least recently used dropped.
@Suite("MAP profile decoders kept warm")
struct ProfileDecoderCacheTests {
    /// Profiles by speaker, changeable while the transcriber runs.
    struct Speakers: SpeakerModelChoosing {
        let models = Locked<[String: SpeakerModel]>([:])
        func speakerModel(speaker: String, base: SpeechModel) -> SpeakerModel? { models.current[speaker] }
    }

    let base = ModelLocator.debianModels[0]

    /// A profile folder of the stock model's parts (links), named `name`.
    private func profile(_ name: String, in root: URL, version: String = "1") throws -> SpeakerModel {
        let folder = root.appendingPathComponent(name, isDirectory: true)
        if !FileManager.default.fileExists(atPath: folder.path) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for part in try FileManager.default.contentsOfDirectory(atPath: base.acousticModel.path) {
                try FileManager.default.createSymbolicLink(
                    at: folder.appendingPathComponent(part),
                    withDestinationURL: base.acousticModel.appendingPathComponent(part))
            }
        }
        let model = SpeechModel(
            locale: base.locale, acousticModel: folder, languageModel: base.languageModel,
            dictionary: base.dictionary, isSystem: base.isSystem)
        return SpeakerModel(model: model, transform: nil, version: version)
    }

    @Test("loaded once per profile, at most three idle, the least recently used dropped; a replaced one reloads")
    func warmAndBounded() async throws {
        let root = try AudioFixtures.temporaryDirectory("profiles")
        defer { try? FileManager.default.removeItem(at: root) }
        let silence = root.appendingPathComponent("silence.wav")
        try AudioFixtures.writeWAV(Array(repeating: 0, count: 8_000), to: silence)
        let speakers = Speakers()
        for name in ["ann", "ben", "cat", "dan"] {
            let model = try profile(name, in: root)
            speakers.models.withLock { $0[name] = model }
        }
        let transcriber = SphinxTranscriber(
            locator: ModelLocator(modelsDirectory: root.appendingPathComponent("models")), logFile: nil,
            speakers: speakers)
        let engine = transcriber.engine
        func dictate(_ speaker: String?) async throws {
            _ = try await transcriber.transcribe(file: silence, locale: "en-US", speaker: speaker)
        }

        for name in ["ann", "ben", "cat", "dan"] { try await dictate(name) }
        #expect(await engine.decodersLoaded == 4, "one per profile, no stock decoder needed")
        #expect(await engine.idleProfileModels.count == 3)
        try await dictate("dan")
        try await dictate("ben")
        #expect(await engine.decodersLoaded == 4, "kept warm")
        try await dictate("ann")
        #expect(await engine.decodersLoaded == 5, "ann's was the least recently used: dropped")
        #expect(await engine.idleProfileModels.map(\.model.acousticModel.lastPathComponent) == ["dan", "ben", "ann"])

        // Ben's profile replaced in its folder: the decoder of the old one is dropped, not used.
        let replaced = try profile("ben", in: root, version: "2")
        speakers.models.withLock { $0["ben"] = replaced }
        try await dictate("ben")
        #expect(await engine.decodersLoaded == 6)
        #expect(await engine.idleProfileModels.map(\.version) == ["1", "1", "2"])

        // No speaker, or one without a profile: the stock decoder, loaded once.
        try await dictate(nil)
        try await dictate("eve")
        #expect(await engine.decodersLoaded == 7)
        #expect(await engine.idleCount(of: base.acousticModel) == 1)
    }
}
