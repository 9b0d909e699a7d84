import Foundation
import Recordings
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

/// Issue 21, send to text: each utterance is normalized by its own mean, except the last of several (the
/// one being spoken at a send), by the earlier ones' mean, known while it is spoken: its live pass is its
/// final pass, and a send leaves only the last moment of audio to decode.
@Suite("Each utterance by its own mean, the last by one known as it is spoken", .serialized)
struct OwnExceptLastMeanTests {
    @Test("a pause's utterance takes its own mean; the last the earlier ones' once they hold 5 s of speech")
    func means() {
        let sentence = CepstralSum(sum: [2, 4], frames: 2)
        let more = CepstralSum(sum: [996, 1_992], frames: 498)
        let last = CepstralSum(sum: [30, 60], frames: 3)
        var mean = DictationCepstralMean(policy: .ownExceptLast)
        #expect(!mean.knowsMeanAhead, "the first utterance's mean is known once it ends")
        #expect(!mean.liveMeanHoldsAtPause, "a pause's utterance is decoded again by its own mean")
        #expect(mean.mean(forNext: sentence, closedByEnd: true) == [1, 2], "the only utterance: its own")
        mean.finished(sentence)
        #expect(!mean.knowsMeanAhead, "2 frames before it: too little to go by")
        #expect(mean.mean(forNext: last, closedByEnd: true) == [10, 20])
        mean.finished(more)
        let earlier: [Float] = [Float(998.0 / 500), Float(1_996.0 / 500)]
        #expect(mean.earlierMean == earlier)
        #expect(mean.knowsMeanAhead, "500 frames before it")
        #expect(mean.mean(forNext: last) == [10, 20], "a pause's: its own")
        #expect(mean.mean(forNext: last, closedByEnd: true) == earlier, "the end's: the earlier ones'")
        #expect(mean.mean(forNext: nil, closedByEnd: true) == earlier, "a live pass that starts over gets the same")
        // The other policies do not tell the end from a pause.
        var own = DictationCepstralMean(policy: .ownUtterance)
        own.finished(more)
        #expect(own.mean(forNext: last, closedByEnd: true) == [10, 20])
        #expect(!own.knowsMeanAhead)
    }

    /// Feeds `audio` in 50 ms chunks, decoding all there is after each as a decoder ahead of real time
    /// would, and ends it: the audio then left to decode, in samples.
    static func leftAtEnd(_ audio: [Int16], policy: CepstralMeanPolicy, decoder: SphinxDecoder) throws -> Int {
        let stream = DecodeStream(decoder: decoder, showsPartials: true, cepstralMean: policy)
        try stream.feedAsCaptured(audio, budget: .max)
        stream.endOfAudio()
        let left = stream.backlog
        try stream.work(budget: .max)
        #expect(stream.backlog == 0)
        #expect(!stream.result.words.isEmpty)
        return left
    }

    @Test("at the end of the audio only its last moment is left to decode, not the last utterance")
    func littleLeftAtEnd() async throws {
        let folder = try AudioFixtures.temporaryDirectory("own-except-last")
        defer { try? FileManager.default.removeItem(at: folder) }
        let samples = try LibriVoxSamples.all()
        let joined = try AudioFileReader.samples(
            of: try LibriVoxAccuracyTests.join(Array(samples.prefix(3)), pause: 1, in: folder))
        let alone = try AudioFileReader.samples(of: samples[0].file)
        let decoder = try SphinxDecoder(model: ModelLocator.debianModels[0], log: SilentLog())
        let second = AudioChunk.sampleRate
        let last = try Self.leftAtEnd(joined, policy: .ownExceptLast, decoder: decoder)
        #expect(last < second / 2, "\(Double(last) / Double(second)) s left")
        // Each utterance by its own mean: the whole last utterance is decoded after the end.
        let own = try Self.leftAtEnd(joined, policy: .ownUtterance, decoder: decoder)
        #expect(own > 2 * second, "\(Double(own) / Double(second)) s left")
        // A dictation of one utterance takes its own mean, known only at its end.
        let only = try Self.leftAtEnd(alone, policy: .ownExceptLast, decoder: decoder)
        #expect(only == (try Self.leftAtEnd(alone, policy: .ownUtterance, decoder: decoder)))
        #expect(only > 2 * second)
    }
}
