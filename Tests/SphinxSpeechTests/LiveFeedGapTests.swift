import Foundation
import Recordings
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

/// Chunks carry their place in the file; wherever the feed breaks, the decoder reads the file instead,
/// so the text is the whole file's however the feed went.
@Suite("A live feed with gaps", .serialized)
struct LiveFeedGapTests {
    /// Feeds `ranges` of `audio` (each as 20 to 100 ms chunks at their true positions), then finishes on `file`.
    static func feedAndFinish(
        _ ranges: [Range<Int>], of audio: [Int16], file: URL, seed: UInt64 = 3,
        transcriber: SphinxTranscriber = SharedDecoder.transcriber
    ) async throws -> Transcription {
        let live = try #require(await transcriber.beginLive(locale: "en-US"))
        var generator = SeededGenerator(state: seed)
        for range in ranges {
            var position = range.lowerBound
            while position < range.upperBound {
                let end = min(range.upperBound, position + Int.random(in: 320...1_600, using: &generator))
                await live.feed(AudioChunk(samples: Array(audio[position..<end]), position: position))
                position = end
            }
        }
        return try await live.finish(file: file)
    }

    @Test("chunks dropped in the middle (a full buffer): the text is the whole file's")
    func droppedChunks() async throws {
        let folder = try AudioFixtures.temporaryDirectory("gap")
        defer { try? FileManager.default.removeItem(at: folder) }
        let samples = try LibriVoxSamples.all()
        let joined = try LibriVoxAccuracyTests.join(Array(samples.prefix(2)), pause: 1, in: folder)
        let audio = try AudioFileReader.samples(of: joined)
        let whole = try await SharedDecoder.transcriber.transcribe(file: joined, locale: "en-US")
        // A second and a half goes missing in the first sentence, and the end is never fed.
        let transcription = try await Self.feedAndFinish(
            [0..<40_000, 64_000..<(audio.count - 16_000)], of: audio, file: joined)
        #expect(transcription.text == whole.text)
        #expect(transcription.audioDuration == whole.audioDuration)
    }

    @Test("the feed starts late (a capture resumed after a restart): the whole file is decoded")
    func lateStart() async throws {
        let sample = try #require(LibriVoxSamples.all().last)
        let audio = try AudioFileReader.samples(of: sample.file)
        let whole = try #require(try await SharedDecoder.fileTranscriptions.value[sample.file.path])
        let transcription = try await Self.feedAndFinish([8_000..<audio.count], of: audio, file: sample.file)
        #expect(transcription.text == whole.text)
    }

    @Test("the feed goes back over decoded audio (the capture cut the file back): decoded anew")
    func feedGoesBack() async throws {
        let sample = try #require(LibriVoxSamples.all().first)
        let audio = try AudioFileReader.samples(of: sample.file)
        let whole = try #require(try await SharedDecoder.fileTranscriptions.value[sample.file.path])
        // Audio up to 3 s was fed, then the file was cut back to 2.5 s and recording went on from there.
        let transcription = try await Self.feedAndFinish(
            [0..<48_000, 40_000..<audio.count], of: audio, file: sample.file)
        #expect(transcription.text == whole.text)
    }

    @Test("more was fed than the file holds (its end was cut off): only the file is decoded")
    func fedPastTheEnd() async throws {
        let folder = try AudioFixtures.temporaryDirectory("cut")
        defer { try? FileManager.default.removeItem(at: folder) }
        let samples = try LibriVoxSamples.all()
        let joined = try LibriVoxAccuracyTests.join(Array(samples.prefix(2)), pause: 1, in: folder)
        let audio = try AudioFileReader.samples(of: joined)
        // The file keeps only the first sentence; the feed had both.
        let firstLength = try AudioFileReader.samples(of: samples[0].file).count
        let cut = folder.appendingPathComponent("cut.wav")
        try AudioFixtures.writeWAV(Array(audio.prefix(firstLength)), to: cut)
        let whole = try await SharedDecoder.transcriber.transcribe(file: cut, locale: "en-US")
        let transcription = try await Self.feedAndFinish([0..<audio.count], of: audio, file: cut)
        #expect(transcription.text == whole.text)
        #expect(transcription.audioDuration == whole.audioDuration)
    }
}
