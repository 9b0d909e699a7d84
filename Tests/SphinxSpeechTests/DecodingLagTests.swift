import Foundation
import Recordings
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

/// How far the live decoder is behind the recording is the audio no pass has taken yet, not the final
/// pass still to run over a sentence already heard: the recording pane says "Transcription is N s behind
/// (the computer is busy)" from 2 s, and with the final pass counted it said so after every sentence
/// over 2 s, on a quiet machine.
@Suite("The live decoder's lag", .serialized)
struct DecodingLagTests {
    @Test("fed as the capture feeds it, the engine's pace stays under 2 s behind while the work left goes over")
    func lagIsNotWorkLeft() async throws {
        let folder = try AudioFixtures.temporaryDirectory("decoding-lag")
        defer { try? FileManager.default.removeItem(at: folder) }
        let samples = try LibriVoxSamples.all()
        let audio = try AudioFileReader.samples(
            of: try LibriVoxAccuracyTests.join(Array(samples.prefix(3)), pause: 1, in: folder))
        let second = AudioChunk.sampleRate

        // The engine works a chunk and one file step per chunk fed, so what it is behind is counted in
        // samples, the same on a quick machine and a slow one.
        let engine = SphinxTranscriber(
            locator: ModelLocator(modelsDirectory: URL(fileURLWithPath: "/nonexistent/models")), logFile: nil
        ).engine
        let opened = try await engine.startDecoding(locale: "en-US", live: true)
        var mostBehind = Duration.zero
        for start in stride(from: 0, to: audio.count, by: 800) {
            let chunk = AudioChunk(samples: Array(audio[start..<min(audio.count, start + 800)]), position: start)
            let pace = try #require(await engine.feedMeasured(opened.id, chunk).pace)
            mostBehind = max(mostBehind, pace.behind)
        }
        #expect(mostBehind > .milliseconds(100), "the decoder is behind now and then: \(mostBehind)")
        #expect(mostBehind < .seconds(2), "\(mostBehind)")

        // The same feed on the stream itself: after each sentence its final pass is seconds of work left.
        let decoder = try SphinxDecoder(model: ModelLocator.debianModels[0], log: SilentLog())
        let stream = DecodeStream(decoder: decoder, showsPartials: true)
        var mostLeft = 0
        var mostLag = 0
        try stream.feedAsCaptured(audio, budget: 800 + SphinxEngine.fileStep) {
            mostLeft = max(mostLeft, stream.backlog)
            mostLag = max(mostLag, stream.lag)
        }
        #expect(mostLeft > 2 * second, "\(Double(mostLeft) / Double(second)) s of work left at most")
        #expect(mostLag < 2 * second)
    }
}
