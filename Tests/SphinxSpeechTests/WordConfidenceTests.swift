import Foundation
import Recordings
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

/// The decoder's words with their times and confidence, on the LibriVox recordings (real speech, the
/// real decoder with Debian's en-US model).
@Suite("Words with times and confidence", .serialized)
struct WordConfidenceTests {
    @Test("each word: times inside the audio and increasing, a confidence in 0…1, no fillers, the text's words")
    func words() async throws {
        let transcriptions = try await SharedDecoder.fileTranscriptions.value
        for sample in try LibriVoxSamples.all() {
            let transcription = try #require(transcriptions[sample.file.path])
            let words = transcription.words
            #expect(!words.isEmpty, "\(sample)")
            #expect(words.map(\.text) == WordErrorRate.words(transcription.text), "\(sample)")
            var previousEnd = Duration.zero
            for word in words {
                #expect(word.start >= previousEnd, "\(sample): \(word) starts before the word before it ends")
                #expect(word.end > word.start, "\(sample): \(word)")
                #expect(word.end <= transcription.audioDuration, "\(sample): \(word)")
                let confidence = try #require(word.confidence, "\(sample): \(word)")
                #expect(confidence >= 0 && confidence <= 1, "\(sample): \(word)")
                #expect(!SphinxDecoder.isFiller(word.text) && !word.text.contains("("), "\(sample): \(word)")
                previousEnd = word.end
            }
        }
    }

    @Test("misrecognized words have a lower confidence on average than the words recognized right")
    func wrongWordsLower() async throws {
        let transcriptions = try await SharedDecoder.fileTranscriptions.value
        var tally = ConfidenceTally()
        for sample in try LibriVoxSamples.all() {
            let transcription = try #require(transcriptions[sample.file.path])
            tally.add(transcription.words, reference: sample.reference)
        }
        print("LibriVox: \(tally)")
        #expect(tally.wrong.count >= 5, "\(tally)")
        #expect(tally.right.count >= 40, "\(tally)")
        #expect(tally.wrong.mean < tally.right.mean - 0.1, "\(tally)")
        // The threshold marks more of the wrong words than of the right ones.
        #expect(tally.wrong.shareUnsure > tally.right.shareUnsure, "\(tally)")
    }

    @Test("a dictation of several utterances: each word's time is its place in the whole recording")
    func timesAcrossUtterances() async throws {
        let samples = try LibriVoxSamples.all()
        let folder = try AudioFixtures.temporaryDirectory("joined-words")
        defer { try? FileManager.default.removeItem(at: folder) }
        let joined = try LibriVoxAccuracyTests.join(samples, pause: 1, in: folder)
        // Each utterance by its own mean, as each recording alone is: the station's policy takes the
        // earlier ones' mean for the last of several once they hold 5 s of speech
        // (`OwnExceptLastMeanTests`), which changes its words.
        let transcriber = await EarlierUtterancesMeanTests.transcriber(.ownUtterance)
        let transcription = try await transcriber.transcribe(file: joined, locale: "en-US")
        let single = try await SharedDecoder.fileTranscriptions.value
        var offset = Duration.zero
        var words = transcription.words[...]
        for sample in samples {
            let length = try Self.duration(of: sample.file)
            let alone = try #require(single[sample.file.path]).words
            // The words of this recording, which lie within its stretch of the joined audio.
            let here = words.prefix { $0.start < offset + length }
            words = words.dropFirst(here.count)
            #expect(!here.isEmpty, "\(sample): no word between \(offset) and \(offset + length)")
            #expect(here.allSatisfy { $0.start >= offset && $0.end <= offset + length + .milliseconds(200) })
            // Decoded alone, the same words come at the same times less the recording's offset (a word or
            // two may differ, since the joined file's quiet differs).
            let matches = WordAlignment.matches(here.map(\.text), alone.map(\.text))
            #expect(matches.count * 10 >= alone.count * 8, "\(sample): \(here.map(\.text)) / \(alone.map(\.text))")
            for (i, j) in matches {
                let shift = here[here.startIndex + i].start - offset - alone[j].start
                #expect(abs(shift.seconds) <= 0.1, "\(sample): \(alone[j]) moved by \(shift)")
            }
            offset += length + .seconds(1)
        }
        #expect(words.isEmpty, "words after the last recording: \(Array(words))")
    }

    @Test("fed live in chunks, a dictation of several utterances gives the same words at the same times")
    func liveWords() async throws {
        let samples = try LibriVoxSamples.all()
        let folder = try AudioFixtures.temporaryDirectory("live-words")
        defer { try? FileManager.default.removeItem(at: folder) }
        let joined = try LibriVoxAccuracyTests.join(samples, pause: 1, in: folder)
        let whole = try await SharedDecoder.transcriber.transcribe(file: joined, locale: "en-US")
        let audio = try AudioFileReader.samples(of: joined)
        let live = try #require(await SharedDecoder.transcriber.beginLive(locale: "en-US"))
        var generator = SeededGenerator(state: 23)
        var position = 0
        // The last half second is still in flight at send: finish reads it from the file.
        while position < audio.count - 8_000 {
            let end = min(audio.count - 8_000, position + Int.random(in: 320...1_600, using: &generator))
            await live.feed(AudioChunk(samples: Array(audio[position..<end]), position: position))
            position = end
        }
        let transcription = try await live.finish(file: joined)
        #expect(!transcription.words.isEmpty)
        // Each utterance starts where the file's does, whatever the chunks (`LiveFeedChunkingTests`): the
        // same words at the same times, with the same confidences to a millionth. Not bit for bit: with
        // the fixtures' noise the same every run, one word's came out 0.99880384732 live and 0.99880384753
        // from the file, every run (by its size, a lattice link of 2e-10 of the mass that only one of the
        // two searches kept; not traced); with a new noise each run, most runs were bit for bit.
        #expect(transcription.text == whole.text)
        #expect(transcription.words.map(\.text) == whole.words.map(\.text))
        #expect(transcription.words.map(\.start) == whole.words.map(\.start))
        #expect(transcription.words.map(\.end) == whole.words.map(\.end))
        for (heard, filed) in zip(transcription.words, whole.words) {
            #expect(abs((heard.confidence ?? -1) - (filed.confidence ?? -1)) < 1e-6, "\(heard) / \(filed)")
        }
    }

    /// Measures the dev corpus when `DICTATION_STATION_DEV_CORPUS` names its folder (one subfolder per
    /// voice of `NNN.wav` + `NNN.txt`, as `Tests/Fixtures/adaptation/make-corpus` makes them); prints
    /// the figures the threshold `RecognizedWord.unsureBelow` was chosen from.
    @Test(
        "dev corpus: mean confidence of right and wrong words, per voice",
        .enabled(if: ProcessInfo.processInfo.environment["DICTATION_STATION_DEV_CORPUS"] != nil))
    func devCorpus() async throws {
        let root = URL(fileURLWithPath: ProcessInfo.processInfo.environment["DICTATION_STATION_DEV_CORPUS"]!)
        var all = ConfidenceTally()
        let voices = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        for voice in voices {
            let folder = root.appendingPathComponent(voice)
            var tally = ConfidenceTally()
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".wav") }
            for file in files.sorted() {
                let audio = folder.appendingPathComponent(file)
                let text = try String(
                    contentsOf: audio.deletingPathExtension().appendingPathExtension("txt"), encoding: .utf8)
                let transcription = try await SharedDecoder.transcriber.transcribe(file: audio, locale: "en-US")
                tally.add(transcription.words, reference: text)
            }
            print("\(voice): \(tally)")
            all.merge(tally)
        }
        print("all voices: \(all)")
        print("thresholds: \(all.thresholdTable)")
        #expect(all.wrong.mean < all.right.mean, "\(all)")
    }

    private static func duration(of file: URL) throws -> Duration {
        .microseconds(Int64(try AudioFileReader.samples(of: file).count) * 1_000_000 / 16_000)
    }
}

/// Confidences of the words recognized right and wrong (aligned with the reference in order).
struct ConfidenceTally: CustomStringConvertible {
    struct Figures {
        var values: [Double] = []
        var count: Int { values.count }
        var mean: Double { values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count) }
        var shareUnsure: Double { share(below: RecognizedWord.unsureBelow) }
        func share(below threshold: Double) -> Double {
            values.isEmpty ? 0 : Double(values.filter { $0 < threshold }.count) / Double(values.count)
        }
    }

    var right = Figures()
    var wrong = Figures()

    mutating func add(_ words: [RecognizedWord], reference: String) {
        let matched = Set(WordAlignment.matches(words.map(\.text), WordErrorRate.words(reference)).map(\.0))
        for (index, word) in words.enumerated() {
            guard let confidence = word.confidence else { continue }
            if matched.contains(index) { right.values.append(confidence) } else { wrong.values.append(confidence) }
        }
    }

    mutating func merge(_ other: ConfidenceTally) {
        right.values += other.right.values
        wrong.values += other.wrong.values
    }

    var description: String {
        String(
            format: "%d right words, mean confidence %.3f, %.0f %% below %.2f; %d wrong, mean %.3f, %.0f %% below",
            right.count, right.mean, right.shareUnsure * 100, RecognizedWord.unsureBelow, wrong.count, wrong.mean,
            wrong.shareUnsure * 100)
    }

    /// For each threshold: the share of wrong words marked, and of the marked words that are wrong.
    var thresholdTable: String {
        stride(from: 0.1, through: 0.9, by: 0.1).map { threshold in
            let markedWrong = Double(wrong.values.filter { $0 < threshold }.count)
            let markedRight = Double(right.values.filter { $0 < threshold }.count)
            let precision = markedWrong + markedRight == 0 ? 0 : markedWrong / (markedWrong + markedRight)
            return String(
                format: "<%.1f: %.0f %% of wrong marked, %.0f %% of right marked, %.0f %% of marked wrong", threshold,
                wrong.share(below: threshold) * 100, right.share(below: threshold) * 100, precision * 100)
        }.joined(separator: "; ")
    }
}

extension Duration {
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
