import Foundation
import SphinxSpeech
import StationCore

/// Measures a model's word error rate on corrected dictations, decoding them as the station does.
public protocol RecognitionScoring: Sendable {
    /// Each dictation's word errors, in order: what the gate compares sentence by sentence.
    func errorRates(of model: SpeechModel, on dictations: [CorrectedDictation]) async throws -> [WordErrorRate]
}

extension RecognitionScoring {
    /// All the dictations' word errors together.
    public func errorRate(of model: SpeechModel, on dictations: [CorrectedDictation]) async throws -> WordErrorRate {
        try await errorRates(of: model, on: dictations).reduce(WordErrorRate(), +)
    }
}

/// Decodes with `SphinxTranscriber` over exactly the model given (one decoder for all the files).
public struct SphinxScorer: RecognitionScoring {
    /// The clinic's words, added to the decoder as the station adds them.
    public var vocabulary: ClinicVocabulary?

    public init(vocabulary: ClinicVocabulary? = nil) { self.vocabulary = vocabulary }

    public func errorRates(
        of model: SpeechModel, on dictations: [CorrectedDictation]
    ) async throws -> [WordErrorRate] {
        guard !dictations.isEmpty else { return [] }
        let transcriber = Self.transcriber(for: model, vocabulary: vocabulary)
        var rates: [WordErrorRate] = []
        for dictation in dictations {
            let decoded = try await transcriber.transcribe(file: dictation.audioFile, locale: model.locale)
            rates.append(
                WordErrorRate.of(hypothesis: SpokenWords.of(decoded.text), reference: SpokenWords.of(dictation.text)))
        }
        return rates
    }

    /// A transcriber that can only find `model`: no installed models folder, `model` as the system's.
    public static func transcriber(
        for model: SpeechModel, logFile: URL? = nil, vocabulary: ClinicVocabulary? = nil
    ) -> SphinxTranscriber {
        let nowhere = model.acousticModel.appendingPathComponent("no-installed-models", isDirectory: true)
        var locator = ModelLocator(modelsDirectory: nowhere, systemModels: [model])
        locator.vocabulary = vocabulary
        return SphinxTranscriber(locator: locator, logFile: logFile)
    }
}
