import Foundation
import SphinxSpeech
import StationCore

/// Measures a model's word error rate on corrected dictations, decoding them as the station does.
public protocol RecognitionScoring: Sendable {
    func errorRate(of model: SpeechModel, on dictations: [CorrectedDictation]) async throws -> WordErrorRate
}

/// Decodes with `SphinxTranscriber` over exactly the model given (one decoder for all the files).
public struct SphinxScorer: RecognitionScoring {
    public init() {}

    public func errorRate(of model: SpeechModel, on dictations: [CorrectedDictation]) async throws -> WordErrorRate {
        let transcriber = Self.transcriber(for: model)
        var total = WordErrorRate()
        for dictation in dictations {
            let decoded = try await transcriber.transcribe(file: dictation.audioFile, locale: model.locale)
            total =
                total
                + WordErrorRate.of(
                    hypothesis: SpokenWords.of(decoded.text), reference: SpokenWords.of(dictation.text))
        }
        return total
    }

    /// A transcriber that can only find `model`: no installed models folder, `model` as the system's.
    public static func transcriber(for model: SpeechModel, logFile: URL? = nil) -> SphinxTranscriber {
        let nowhere = model.acousticModel.appendingPathComponent("no-installed-models", isDirectory: true)
        return SphinxTranscriber(
            locator: ModelLocator(modelsDirectory: nowhere, systemModels: [model]), logFile: logFile)
    }
}
