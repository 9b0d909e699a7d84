import Foundation
import Recordings
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

/// Issue 21, send to text: with each utterance normalized by the mean of its beginning
/// (`CepstralMeanPolicy.ownPrefix`), the live decode runs each utterance's final pass while it is
/// spoken, so at send only the audio not fed yet is left. Real decoding of the LibriVox recordings
/// joined into one dictation.
@Suite("The final pass while the utterance is spoken", .serialized)
struct LiveFinalPassTests {
    static func transcriber() async -> SphinxTranscriber {
        let transcriber = SphinxTranscriber(
            locator: ModelLocator(modelsDirectory: URL(fileURLWithPath: "/nonexistent/models")), logFile: nil)
        await transcriber.useCepstralMean(.ownPrefix)
        return transcriber
    }

    @Test("fed live in chunks: the file decode's words (95 %) at their times, and little left at send")
    func liveEqualsFile() async throws {
        let samples = try LibriVoxSamples.all()
        let folder = try AudioFixtures.temporaryDirectory("live-final-pass")
        defer { try? FileManager.default.removeItem(at: folder) }
        let joined = try LibriVoxAccuracyTests.join(samples, pause: 1, in: folder)
        let transcriber = await Self.transcriber()
        let whole = try await transcriber.transcribe(file: joined, locale: "en-US")
        let audio = try AudioFileReader.samples(of: joined)
        let live = try #require(await transcriber.beginLive(locale: "en-US"))
        let paces = Task {
            var last: LiveDecodingPace?
            for await pace in live.paces { last = pace }
            return last
        }
        var generator = SeededGenerator(state: 21)
        var position = 0
        while position < audio.count {
            let end = min(audio.count, position + Int.random(in: 320...1_600, using: &generator))
            await live.feed(AudioChunk(samples: Array(audio[position..<end]), position: position))
            position = end
        }
        let transcription = try await live.finish(file: joined)
        // Live, the final pass is fed in the capture's chunks and started again as its mean's beginning
        // grows, which moves its lattice (the utterances start at the same samples; measured: not the
        // same words and times, as `ownUtterance` gives): a word boundary or two by a few frames, and here
        // and there a word ("and" live, "him" in the file, of 70): at least 95 % of the words the same,
        // each at its time within 0.1 s, 90 % within 20 ms; confidences near.
        let heard = transcription.words
        let pairs = WordAlignment.matches(heard.map(\.text), whole.words.map(\.text))
        #expect(pairs.count * 100 >= whole.words.count * 95, "live: \(transcription.text) / file: \(whole.text)")
        var moved = 0
        for (i, j) in pairs {
            let shift = max(
                abs((heard[i].start - whole.words[j].start).seconds), abs((heard[i].end - whole.words[j].end).seconds))
            if shift > 0.02 { moved += 1 }
            #expect(shift <= 0.1, "\(heard[i]) / \(whole.words[j])")
            #expect(abs((heard[i].confidence ?? -1) - (whole.words[j].confidence ?? -1)) <= 0.25)
        }
        let (movedCount, matched) = (moved, pairs.count)
        #expect(movedCount * 10 <= matched, "\(movedCount) of \(matched) words moved by over 20 ms")
        // Fed faster than real time, the decoder still kept up chunk by chunk: at the last chunk what
        // was left was the end of the last utterance, not the utterance.
        let last = try #require(await paces.value)
        #expect(last.behind < .seconds(2), "\(last)")
        #expect(last.realTimeFactor > 0)
    }

    @Test("the mean's beginning: a second, doubled while it fits; all of an utterance under a second")
    func prefixLengths() {
        #expect(DictationCepstralMean.prefixLength(of: 8_000) == 8_000)
        #expect(DictationCepstralMean.prefixLength(of: 16_000) == 16_000)
        #expect(DictationCepstralMean.prefixLength(of: 31_999) == 16_000)
        #expect(DictationCepstralMean.prefixLength(of: 32_000) == 32_000)
        #expect(DictationCepstralMean.prefixLength(of: 16_000 * 9) == 16_000 * 8)
    }
}
