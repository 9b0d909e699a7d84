import Foundation
import StationTestSupport
import Testing

/// `dictation-station transcribe`, driven through the real binary with Debian's en-US model.
@Suite("dictation-station transcribe", .serialized)
struct TranscribeCommandTests {
    static func dataDirectory() throws -> String {
        try AudioFixtures.temporaryDirectory("cli").appendingPathComponent("data").path
    }

    @Test("--tsv prints one line per file; the five LibriVox files score WER at most 0.29")
    func libriVox() throws {
        let samples = try LibriVoxSamples.all()
        let data = try Self.dataDirectory()
        let run = try StationBinary.run(["--data-dir", data, "transcribe", "--tsv"] + samples.map(\.file.path))
        #expect(run.status == 0)
        #expect(
            run.standardError.isEmpty, "the decoder's log goes to the log file, not the terminal: \(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == samples.count)
        var total = WordErrorRate.Count(errors: 0, referenceWords: 0)
        for (line, sample) in zip(lines, samples) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            try #require(fields.count == 2, "\(line)")
            #expect(String(fields[0]) == sample.file.path)
            total = total + WordErrorRate.count(hypothesis: String(fields[1]), reference: sample.reference)
        }
        #expect(total.rate <= 0.29, "WER \(total.rate)")

        // The log is private and holds no transcript.
        let log = URL(fileURLWithPath: data).appendingPathComponent("station.log")
        let logText = try String(contentsOf: log, encoding: .utf8)
        #expect(!logText.contains("amiable"))
        let permissions = try FileManager.default.attributesOfItem(atPath: log.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test("a missing and a corrupt file are named, the other files still done, and the exit is 1")
    func badFiles() throws {
        let folder = try AudioFixtures.temporaryDirectory("cli-bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let corrupt = folder.appendingPathComponent("corrupt.flac")
        try Data(repeating: 0x5A, count: 5_000).write(to: corrupt)
        let missing = folder.appendingPathComponent("missing.wav")
        let good = try #require(LibriVoxSamples.all().last)
        let run = try StationBinary.run([
            "--data-dir", try Self.dataDirectory(), "transcribe", missing.path, corrupt.path, good.file.path,
        ])
        #expect(run.status == 1)
        #expect(run.standardError.contains("missing.wav"))
        #expect(run.standardError.contains("corrupt.flac"))
        #expect(run.standardOutput.contains("== \(good.file.path) =="))
        #expect(run.standardOutput.lowercased().contains("he might even have been made"))
    }

    @Test("a locale without a model is a clear message and exit 1")
    func missingModel() throws {
        let good = try #require(LibriVoxSamples.all().first)
        let run = try StationBinary.run([
            "--data-dir", try Self.dataDirectory(), "transcribe", "--locale", "fr-FR", good.file.path,
        ])
        #expect(run.status == 1)
        #expect(run.standardError.contains("no speech model is installed for fr-FR"))
        #expect(run.standardOutput.isEmpty)
    }

    @Test("no file is a usage error")
    func noFile() throws {
        let run = try StationBinary.run(["--data-dir", try Self.dataDirectory(), "transcribe", "--tsv"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("missing FILE"))
    }
}
