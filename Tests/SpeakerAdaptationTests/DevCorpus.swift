import Foundation
import SpeakerAdaptation
import SphinxSpeech
import StationCore
import StationTestSupport

/// The dev corpus (Tests/Fixtures/adaptation): the clinical sentences spoken by one TTS voice, made
/// by `make-corpus` into `.build/dev-corpus/` on first use.
enum DevCorpus {
    /// Sentences the tests use; 1…50 are dictated, 81…100 stay unseen.
    static let count = 100

    /// Sentence `number` (from 1) of `voice`, as a corrected dictation made `number` minutes after a
    /// fixed start (so a higher number is newer).
    static func dictations(_ voice: String, _ numbers: ClosedRange<Int>) throws -> [CorrectedDictation] {
        try DevCorpusSentences.sentences(numbers, in: try generate(voice)).map {
            CorrectedDictation(audioFile: $0.audioFile, text: $0.text, created: $0.created)
        }
    }

    static func generate(_ voice: String) throws -> URL { try DevCorpusSentences.generate(voice, count: count) }

    static var stockModel: SpeechModel { ModelLocator.debianModels[0] }

    /// A fresh private data folder for one test.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "adaptation-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
