import Foundation
import Recordings
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

/// How the capture happens to cut the audio into chunks must not change a word: the live decode of a
/// dictation and a decode of its file give the same report (CI once sent "… to do for a." against the
/// file's "… to do for.").
@Suite("A live feed in chunks of any size", .serialized)
struct LiveFeedChunkingTests {
    @Test("after a pause, every chunking gives the file's words, times and confidences")
    func chunkSizesChangeNothing() async throws {
        let folder = try AudioFixtures.temporaryDirectory("chunks")
        defer { try? FileManager.default.removeItem(at: folder) }
        let samples = try LibriVoxSamples.all()
        let joined = try LibriVoxAccuracyTests.join(Array(samples.prefix(2)), pause: 1, in: folder)
        let audio = try AudioFileReader.samples(of: joined)
        let whole = try await SharedDecoder.transcriber.transcribe(file: joined, locale: "en-US")
        // Seed 1 ended a chunk inside the frame where the second sentence starts: its utterance began
        // 98 samples late, and every later word moved with it.
        for seed: UInt64 in [1, 2, 3, 5] {
            let live = try await LiveFeedGapTests.feedAndFinish([0..<audio.count], of: audio, file: joined, seed: seed)
            #expect(live.text == whole.text, "seed \(seed)")
            #expect(live.words == whole.words, "seed \(seed)")
        }
    }
}
