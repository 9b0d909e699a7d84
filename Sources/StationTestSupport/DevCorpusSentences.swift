import Foundation
import StationSystem

/// The dev corpus (Tests/Fixtures/adaptation): the clinical sentences spoken by one TTS voice, made by
/// `make-corpus` into `.build/dev-corpus/<voice>-<count>/` on first use (`NNN.wav` beside `NNN.txt`).
public enum DevCorpusSentences {
    /// One spoken sentence, dated `number` minutes after a fixed start (a higher number is newer).
    public struct Sentence: Sendable {
        public var audioFile: URL
        public var text: String
        public var created: Date
    }

    public struct CorpusError: Error { public var voice: String }

    /// The folder of `voice`'s first `count` sentences, generated when not there yet.
    public static func generate(_ voice: String, count: Int = 100) throws -> URL {
        let folder = PackagePaths.root.appendingPathComponent(".build/dev-corpus/\(voice)-\(count)", isDirectory: true)
        let generator = PackagePaths.root.appendingPathComponent("Tests/Fixtures/adaptation/make-corpus")
        var spawn = Spawn("/bin/bash", [generator.path, voice, folder.path, String(count)])
        spawn.output = .inherit
        spawn.errors = .inherit
        guard try spawn.run().termination == .exited(0) else { throw CorpusError(voice: voice) }
        return folder
    }

    /// Sentences `numbers` (from 1) of the corpus in `folder`.
    public static func sentences(_ numbers: ClosedRange<Int>, in folder: URL) throws -> [Sentence] {
        try numbers.map { number in
            let name = String(format: "%03d", number)
            let text = try String(contentsOf: folder.appendingPathComponent("\(name).txt"), encoding: .utf8)
            return Sentence(
                audioFile: folder.appendingPathComponent("\(name).wav"),
                text: text.trimmingCharacters(in: .whitespacesAndNewlines),
                created: Date(timeIntervalSince1970: 1_800_000_000 + Double(number) * 60))
        }
    }
}
