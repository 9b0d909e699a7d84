import Foundation
import SpeakerAdaptation
import SphinxSpeech
import StationCore

/// The dev corpus (Tests/Fixtures/adaptation): the clinical sentences spoken by one TTS voice, made
/// by `make-corpus` into `.build/dev-corpus/` on first use.
enum DevCorpus {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let generator = repository.appendingPathComponent("Tests/Fixtures/adaptation/make-corpus")
    /// Sentences the tests use; 1…50 are dictated, 81…100 stay unseen.
    static let count = 100

    /// Sentence `number` (from 1) of `voice`, as a corrected dictation made `number` minutes after a
    /// fixed start (so a higher number is newer).
    static func dictations(_ voice: String, _ numbers: ClosedRange<Int>) throws -> [CorrectedDictation] {
        let folder = try generate(voice)
        return try numbers.map { number in
            let name = String(format: "%03d", number)
            let text = try String(contentsOf: folder.appendingPathComponent("\(name).txt"), encoding: .utf8)
            return CorrectedDictation(
                audioFile: folder.appendingPathComponent("\(name).wav"),
                text: text.trimmingCharacters(in: .whitespacesAndNewlines),
                created: Date(timeIntervalSince1970: 1_800_000_000 + Double(number) * 60))
        }
    }

    static func generate(_ voice: String) throws -> URL {
        let folder = repository.appendingPathComponent(".build/dev-corpus/\(voice)-\(count)", isDirectory: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [generator.path, voice, folder.path, String(count)]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CorpusError(voice: voice) }
        return folder
    }

    struct CorpusError: Error { var voice: String }

    static var stockModel: SpeechModel { ModelLocator.debianModels[0] }

    /// A fresh private data folder for one test.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "adaptation-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
