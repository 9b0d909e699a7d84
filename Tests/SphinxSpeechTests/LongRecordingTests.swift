import Foundation
import Recordings
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

/// A long recording is read, resampled and decoded as a stream: the decoder never holds more than an
/// utterance of audio (at most 30 s, `PauseSegmenter.longestUtterance`), however long the file, and the
/// words come out as they would from the whole file in memory. Memory itself is measured by
/// `scripts/bench-import`; these tests check what keeps it flat.
@Suite("Long recordings decoded as a stream", .serialized)
struct LongRecordingTests {
    /// A little over the longest utterance: what the stream may hold at once.
    static let mostHeldAllowed = 32 * AudioChunk.sampleRate

    /// The five LibriVox recordings joined, their pauses taken out (so the pause detector finds none and
    /// only the 30 s limit cuts the speech), repeated to 107 s: speech run together for longer than an
    /// utterance may be, as a recorder in a noisy room or a fast talker makes it.
    static func runTogether(in folder: URL) throws -> URL {
        let joined = folder.appendingPathComponent("joined.wav")
        try AudioFixtures.sox(try LibriVoxSamples.all().map(\.file.path) + [joined.path])
        let long = folder.appendingPathComponent("run-together.wav")
        try AudioFixtures.sox([
            joined.path, long.path, "silence", "-l", "1", "0.05", "1%", "-1", "0.05", "1%", "repeat", "4",
        ])
        return long
    }

    /// Decodes `file` as an import does, with a decoder that heard nothing before: the engine reads it a
    /// step at a time and decodes as it reads.
    static func decodeAsImport(_ file: URL) async throws -> SphinxEngine.Decoded {
        let engine = SphinxTranscriber(
            locator: ModelLocator(modelsDirectory: URL(fileURLWithPath: "/nonexistent/models")), logFile: nil
        ).engine
        let opened = try await engine.startDecoding(locale: "en-US", live: false)
        try await engine.attach(file: file, to: opened.id)
        while try await engine.decodeFileStep(opened.id) {}
        return try await engine.finish(opened.id)
    }

    @Test("107 s of speech without a pause: at most 32 s of audio held, and the same words as the whole file at once")
    func runTogetherSpeech() async throws {
        let folder = try AudioFixtures.temporaryDirectory("long-recording")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Self.runTogether(in: folder)
        let audio = try AudioFileReader.samples(of: file)
        #expect(audio.count > 100 * AudioChunk.sampleRate)

        let streamed = try await Self.decodeAsImport(file)
        #expect(streamed.samples == audio.count)
        #expect(
            streamed.mostHeld <= Self.mostHeldAllowed,
            "held \(Double(streamed.mostHeld) / Double(AudioChunk.sampleRate)) s of audio at once")
        #expect(streamed.recognized.count > 200, "\(streamed.recognized.count) words")

        // The old way: the whole file in memory, handed to the decoder at once.
        let decoder = try SphinxDecoder(model: ModelLocator.debianModels[0], log: SilentLog())
        let whole = DecodeStream(decoder: decoder, showsPartials: false)
        whole.append(audio[...])
        whole.endOfAudio()
        try whole.work(budget: .max)
        #expect(whole.mostHeld == audio.count)
        #expect(streamed.words == whole.result.words)
        #expect(streamed.recognized == whole.recognizedWords, "word for word, with the same times and confidences")
        #expect(streamed.confidence == whole.result.confidence)
        #expect(streamed.sentenceEnds == decoder.sentenceEndEvidence(after: whole.recognizedWords.map(\.text)))
    }

    @Test("the same speech at 48 kHz stereo is resampled and mixed down as it is read: at most 32 s held")
    func resampledStereo() async throws {
        let folder = try AudioFixtures.temporaryDirectory("long-recording-48k")
        defer { try? FileManager.default.removeItem(at: folder) }
        let mono = try Self.runTogether(in: folder)
        let stereo = folder.appendingPathComponent("run-together-48k.wav")
        try AudioFixtures.sox([mono.path, "-r", "48000", "-c", "2", stereo.path])

        let decoded = try await Self.decodeAsImport(stereo)
        #expect(decoded.samples > 100 * AudioChunk.sampleRate)
        #expect(
            decoded.mostHeld <= Self.mostHeldAllowed,
            "held \(Double(decoded.mostHeld) / Double(AudioChunk.sampleRate)) s of audio at once")
        #expect(decoded.recognized.count > 200, "\(decoded.recognized.count) words")
    }
}
