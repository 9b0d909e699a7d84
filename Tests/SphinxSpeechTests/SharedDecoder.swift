import Foundation
import StationCore
import StationTestSupport

@testable import SphinxSpeech

/// One transcriber for every suite, so the model is loaded once per test run.
enum SharedDecoder {
    static let logFile = FileManager.default.temporaryDirectory
        .appendingPathComponent("dictation-station-sphinx-tests-\(getpid()).log")

    /// Debian's en-US model only: no installed models.
    static let transcriber = SphinxTranscriber(
        locator: ModelLocator(modelsDirectory: URL(fileURLWithPath: "/nonexistent/models")), logFile: logFile)

    /// The five recordings transcribed as files, once per run.
    static let fileTranscriptions = Task<[String: Transcription], any Error> {
        var texts: [String: Transcription] = [:]
        for sample in try LibriVoxSamples.all() {
            texts[sample.file.path] = try await transcriber.transcribe(file: sample.file, locale: "en-US")
        }
        return texts
    }

    /// Transcribes each sample and sums the word errors over the set.
    static func errors(
        of samples: [LibriVoxSamples.Sample], file: (LibriVoxSamples.Sample) throws -> URL = { $0.file }
    ) async throws -> WordErrorRate.Count {
        var total = WordErrorRate.Count(errors: 0, referenceWords: 0)
        for sample in samples {
            let transcription = try await transcriber.transcribe(file: try file(sample), locale: "en-US")
            total = total + WordErrorRate.count(hypothesis: transcription.text, reference: sample.reference)
        }
        return total
    }
}

/// A deterministic stream of numbers, so "random" chunk sizes are the same in every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }
}
