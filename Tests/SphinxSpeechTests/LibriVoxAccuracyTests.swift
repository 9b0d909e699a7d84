import Recordings
import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

/// Accuracy on the five LibriVox recordings of `pocketsphinx-testdata`. Reference figures measured here:
/// each file decoded whole as one utterance with the default passes, 28.2 % WER; `pocketsphinx_continuous`,
/// 36.6 %; the station (first pass only, utterances at pauses), 21.1 %.
@Suite("Accuracy on LibriVox speech", .serialized)
struct LibriVoxAccuracyTests {
    @Test("files: word error rate at most 0.29 over the five recordings")
    func files() async throws {
        let transcriptions = try await SharedDecoder.fileTranscriptions.value
        let total = try LibriVoxSamples.all().reduce(WordErrorRate.Count(errors: 0, referenceWords: 0)) { sum, sample in
            let text = try #require(transcriptions[sample.file.path]).text
            return sum + WordErrorRate.count(hypothesis: text, reference: sample.reference)
        }
        #expect(total.referenceWords == 71)
        #expect(total.rate <= 0.29, "WER \(total.rate)")
    }

    @Test("a transcription carries its locale, the audio's duration and a confidence")
    func details() async throws {
        let transcriptions = try await SharedDecoder.fileTranscriptions.value
        for sample in try LibriVoxSamples.all() {
            let transcription = try #require(transcriptions[sample.file.path])
            let samples = try AudioFileReader.samples(of: sample.file).count
            #expect(transcription.locale == "en-US")
            #expect(transcription.audioDuration == .microseconds(Int64(samples) * 1_000_000 / 16_000))
            let confidence = try #require(transcription.confidence, "\(sample)")
            #expect(confidence > 0 && confidence <= 1, "\(sample): \(confidence)")
        }
    }

    @Test("live: fed in 20 to 100 ms chunks with pauses, the same text as the file, and partials on the way")
    func live() async throws {
        var generator = SeededGenerator(state: 5)
        var total = WordErrorRate.Count(errors: 0, referenceWords: 0)
        for sample in try LibriVoxSamples.all() {
            let audio = try AudioFileReader.samples(of: sample.file)
            let live = try #require(await SharedDecoder.transcriber.beginLive(locale: "en-US"))
            let partials = Locked<[String]>([])
            let listener = Task { for await partial in live.partials { partials.withLock { $0.append(partial) } } }
            // The last 0.2 s is still in flight at send: finish reads it from the file.
            var position = 0
            while position < audio.count - 3_200 {
                let length = Int.random(in: 320...1_600, using: &generator)
                let end = min(audio.count - 3_200, position + length)
                await live.feed(AudioChunk(samples: Array(audio[position..<end]), position: position))
                position = end
                try await Task.sleep(for: .milliseconds(Int.random(in: 1...10, using: &generator)))
            }
            let transcription = try await live.finish(file: sample.file)
            await listener.value
            let whole = try #require(try await SharedDecoder.fileTranscriptions.value[sample.file.path])
            #expect(transcription.text == whole.text, "\(sample)")
            #expect(transcription.audioDuration == .microseconds(Int64(audio.count) * 1_000_000 / 16_000))
            #expect(partials.current.contains { !$0.isEmpty }, "\(sample): partial hypotheses while fed")
            total = total + WordErrorRate.count(hypothesis: transcription.text, reference: sample.reference)
        }
        #expect(total.rate <= 0.29, "WER \(total.rate)")
    }

    @Test("segments: the five recordings joined by 1 s pauses are cut at the pauses and score at most 0.29")
    func joinedAtPauses() async throws {
        let samples = try LibriVoxSamples.all()
        let folder = try AudioFixtures.temporaryDirectory("joined")
        defer { try? FileManager.default.removeItem(at: folder) }
        let joined = try Self.join(samples, pause: 1, in: folder)
        let transcription = try await SharedDecoder.transcriber.transcribe(file: joined, locale: "en-US")
        let reference = samples.map(\.reference).joined(separator: " ")
        let count = WordErrorRate.count(hypothesis: transcription.text, reference: reference)
        #expect(count.rate <= 0.29, "WER \(count.rate)")

        // Fed live in chunks of any size, the dictation is cut and decoded the same.
        let audio = try AudioFileReader.samples(of: joined)
        let live = try #require(await SharedDecoder.transcriber.beginLive(locale: "en-US"))
        var generator = SeededGenerator(state: 11)
        var position = 0
        while position < audio.count {
            let end = min(audio.count, position + Int.random(in: 320...1_600, using: &generator))
            await live.feed(AudioChunk(samples: Array(audio[position..<end]), position: position))
            position = end
        }
        #expect(try await live.finish(file: joined).text == transcription.text)

        // The cuts fall in the four pauses, and nowhere else: 0.2 s after the last word, so in the
        // recording's own trailing quiet (under 0.5 s) or in the second of hiss after it.
        var segmenter = PauseSegmenter()
        let cuts = segmenter.cuts(in: audio[...])
        var pauseStarts: [Int] = []
        var offset = 0
        for sample in samples.dropLast() {
            offset += try AudioFileReader.samples(of: sample.file).count
            pauseStarts.append(offset)
            offset += 16_000
        }
        #expect(cuts.count == 4, "cuts at \(cuts)")
        for (cut, start) in zip(cuts, pauseStarts) {
            #expect(cut > start - 8_000 && cut <= start + 16_000, "cut \(cut) in the pause from \(start)")
        }
    }

    /// The samples' recordings in order with `pause` seconds of faint hiss between them.
    static func join(_ samples: [LibriVoxSamples.Sample], pause: Double, in folder: URL) throws -> URL {
        let hiss = folder.appendingPathComponent("hiss.wav")
        try AudioFixtures.sox([
            "-n", "-r", "16000", "-c", "1", "-b", "16", hiss.path, "synth", "\(pause)", "whitenoise", "vol", "0.002",
        ])
        var parts: [String] = []
        for sample in samples {
            if !parts.isEmpty { parts.append(hiss.path) }
            parts.append(sample.file.path)
        }
        let joined = folder.appendingPathComponent("joined.wav")
        try AudioFixtures.sox(parts + [joined.path])
        return joined
    }
}
