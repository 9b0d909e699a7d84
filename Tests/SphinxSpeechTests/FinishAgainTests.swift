import Recordings
import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

/// A send that failed after the live decode finished (the report could not be saved) is sent again:
/// the second finish must give the text, not "the dictation was cancelled".
@Suite("Finishing a live decode again", .serialized)
struct FinishAgainTests {
    @Test("a second finish of a finished live decode decodes the file and gives the same text")
    func finishTwice() async throws {
        let sample = try #require(LibriVoxSamples.all().first)
        let audio = try AudioFileReader.samples(of: sample.file)
        let whole = try #require(try await SharedDecoder.fileTranscriptions.value[sample.file.path])
        let live = try #require(await SharedDecoder.transcriber.beginLive(locale: "en-US"))
        for position in stride(from: 0, to: audio.count, by: 800) {
            let end = min(audio.count, position + 800)
            await live.feed(AudioChunk(samples: Array(audio[position..<end]), position: position))
        }
        let first = try await live.finish(file: sample.file)
        #expect(first.text == whole.text)
        let second = try await live.finish(file: sample.file)
        #expect(second.text == whole.text)
        #expect(second.audioDuration == whole.audioDuration)
    }

    @Test("a failed finish (unreadable file) can be finished again once the file is there")
    func finishAfterFailure() async throws {
        let folder = try AudioFixtures.temporaryDirectory("again")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sample = try #require(LibriVoxSamples.all().first)
        let whole = try #require(try await SharedDecoder.fileTranscriptions.value[sample.file.path])
        let file = folder.appendingPathComponent("dictation.wav")
        let live = try #require(await SharedDecoder.transcriber.beginLive(locale: "en-US"))
        await #expect(throws: TranscriptionError.self) { _ = try await live.finish(file: file) }
        try FileManager.default.copyItem(at: sample.file, to: file)
        #expect(try await live.finish(file: file).text == whole.text)
    }

    @Test("a live decode dropped without finish or cancel gives its decoder back")
    func droppedGivesDecoderBack() async throws {
        let transcriber = SphinxTranscriber(
            locator: ModelLocator(modelsDirectory: URL(fileURLWithPath: "/nonexistent/models")), logFile: nil)
        var live = await transcriber.beginLive(locale: "en-US")
        #expect(live != nil)
        #expect(await transcriber.engine.openStreams == 1)
        live = nil
        var open = 1
        for _ in 0..<1_000 where open > 0 {
            try await Task.sleep(for: .milliseconds(5))
            open = await transcriber.engine.openStreams
        }
        #expect(open == 0)
        _ = live
    }
}
