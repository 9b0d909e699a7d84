import Recordings
import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

@Suite("Cancelling a decode", .serialized)
struct CancellationTests {
    @Test("a cancelled file decode stops long before the end and publishes nothing")
    func file() async throws {
        let folder = try AudioFixtures.temporaryDirectory("cancel")
        defer { try? FileManager.default.removeItem(at: folder) }
        let joined = try LibriVoxAccuracyTests.join(LibriVoxSamples.all(), pause: 1, in: folder)
        let clock = ContinuousClock()
        // How long a whole decode of this file takes on this machine now: a cancelled one must stop long
        // before that. (How soon it stops, in milliseconds, is scripts/bench-transcribe's measure.)
        let whole = try await clock.measure {
            _ = try await SharedDecoder.transcriber.transcribe(file: joined, locale: "en-US")
        }
        let task = Task { try await SharedDecoder.transcriber.transcribe(file: joined, locale: "en-US") }
        // Let the decode get going.
        try await Task.sleep(for: .milliseconds(800))
        let cancelled = clock.now
        task.cancel()
        let result = await task.result
        let stopped = cancelled.duration(to: clock.now)
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(stopped < whole / 4, "stopped after \(stopped); a whole decode took \(whole)")
    }

    @Test("a cancelled live decode ends its partials, and cannot be finished")
    func live() async throws {
        let sample = try #require(LibriVoxSamples.all().first)
        let audio = try AudioFileReader.samples(of: sample.file)
        let live = try #require(await SharedDecoder.transcriber.beginLive(locale: "en-US"))
        let listener = Task { for await _ in live.partials {} }
        await live.feed(AudioChunk(samples: Array(audio.prefix(48_000)), position: 0))
        await live.cancel()
        await listener.value
        await live.feed(AudioChunk(samples: Array(audio.dropFirst(48_000)), position: 48_000))
        await #expect(throws: TranscriptionError.self) { _ = try await live.finish(file: sample.file) }
    }

    @Test("after a restart the feed does not cover the file's start: the whole file is decoded")
    func restarted() async throws {
        let sample = try #require(LibriVoxSamples.all().first)
        let audio = try AudioFileReader.samples(of: sample.file)
        let live = try #require(await SharedDecoder.transcriber.beginLive(locale: "en-US"))
        // Only the second half was captured by this run of the station.
        for chunk in stride(from: audio.count / 2, to: audio.count, by: 800) {
            await live.feed(AudioChunk(samples: Array(audio[chunk..<min(audio.count, chunk + 800)]), position: chunk))
        }
        let transcription = try await live.finish(file: sample.file)
        let whole = try #require(try await SharedDecoder.fileTranscriptions.value[sample.file.path])
        #expect(transcription.text == whole.text)
        #expect(transcription.audioDuration == whole.audioDuration)
    }
}
