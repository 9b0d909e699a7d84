import Recordings
import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

/// The live cepstral mean is the model's own at the start of every dictation: what the decoder heard
/// in the dictation before (maybe another speaker's, in another room) never shapes the next one, in
/// its partial hypotheses or its words.
@Suite("Decoder state between dictations", .serialized)
struct DictationCepstralMeanTests {
    struct Decoded: Equatable {
        var partials: [[String]]
        var words: [String]
    }

    static func engine() -> SphinxEngine {
        SphinxEngine(
            locator: ModelLocator(modelsDirectory: URL(fileURLWithPath: "/nonexistent/models")),
            decoderLog: SilentLog(), log: SilentLog())
    }

    /// Fed live in 0.1 s chunks, as a recording is: every partial on the way, then the words.
    static func live(_ audio: [Int16], on engine: SphinxEngine) async throws -> Decoded {
        let opened = try await engine.startDecoding(locale: "en-US", live: true)
        var partials: [[String]] = []
        var position = 0
        while position < audio.count {
            let end = min(audio.count, position + 1_600)
            if let partial = await engine.feed(
                opened.id, AudioChunk(samples: Array(audio[position..<end]), position: position))
            {
                partials.append(partial)
            }
            position = end
        }
        return Decoded(partials: partials, words: try await engine.finish(opened.id).words)
    }

    /// Two LibriVox sentences with a pause: a dictation of two utterances.
    static func dictation(_ first: Int, _ second: Int, gain: Double = 1) throws -> [Int16] {
        let samples = try LibriVoxSamples.all()
        let audio =
            try AudioFileReader.samples(of: samples[first].file) + [Int16](repeating: 0, count: 24_000)
            + AudioFileReader.samples(of: samples[second].file)
        return audio.map { Int16(clamping: Int((Double($0) * gain).rounded())) }
    }

    @Test(
        "dictation B after dictation A decodes as B on a fresh decoder", arguments: CepstralMeanPolicy.allCases)
    func freshState(policy: CepstralMeanPolicy) async throws {
        let dictationB = try Self.dictation(1, 4)
        let fresh = Self.engine()
        await fresh.useCepstralMean(policy)
        let cold = try await Self.live(dictationB, on: fresh)
        #expect(!cold.partials.isEmpty && !cold.words.isEmpty)

        // A: other sentences, much quieter (another microphone, another speaker): a very different mean.
        let used = Self.engine()
        await used.useCepstralMean(policy)
        _ = try await Self.live(try Self.dictation(0, 3, gain: 0.1), on: used)
        #expect(await used.decodersLoaded == 1, "the same decoder decodes B")
        let afterA = try await Self.live(dictationB, on: used)
        #expect(afterA.words == cold.words)
        #expect(afterA.partials == cold.partials)
    }
}
