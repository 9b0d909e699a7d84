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
            run.standardError == "Decoded with the stock en-US model.\n",
            "the decoder's log goes to the log file, not the terminal; only which model decoded: \(run.standardError)")
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

/// `transcribe --words`: the decoder's words before spoken punctuation and formatting.
@Suite("dictation-station transcribe --words", .serialized)
struct TranscribeWordsCommandTests {
    static let dictated = "the patient has pain in the left knee period new paragraph the knee is swollen period"

    @Test("--words prints each decoder word on a line: start, end, confidence, the word; spoken marks stay words")
    func words() throws {
        let folder = try AudioFixtures.temporaryDirectory("cli-words")
        defer { try? FileManager.default.removeItem(at: folder) }
        let speech = folder.appendingPathComponent("dictation.wav")
        try AudioFixtures.speak(Self.dictated, to: speech)
        let data = folder.appendingPathComponent("data").path
        let text = try StationBinary.run(["--data-dir", data, "transcribe", speech.path])
        try #require(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput.contains("."), "the text has the spoken marks as marks: \(text.standardOutput)")

        let run = try StationBinary.run(["--data-dir", data, "transcribe", "--words", speech.path])
        try #require(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(lines.count >= 12, "\(run.standardOutput)")
        var previousEnd = 0.0
        for fields in lines {
            try #require(fields.count == 4, "start end confidence word: \(fields)")
            let start = try #require(Double(fields[0]))
            let end = try #require(Double(fields[1]))
            let confidence = try #require(Double(fields[2]))
            #expect(start >= previousEnd && end > start, "\(fields)")
            #expect(confidence >= 0 && confidence <= 1, "\(fields)")
            #expect(fields[3] == fields[3].lowercased() && !fields[3].hasPrefix("<"), "\(fields)")
            previousEnd = end
        }
        let words = lines.map { $0[3] }
        #expect(words.contains("period") && words.contains("paragraph"), "unformatted: \(words)")
        // The text's words are the decoder's words without the spoken commands.
        let commands: Set = ["period", "new", "paragraph"]
        #expect(
            words.filter { !commands.contains($0) } == WordErrorRate.words(text.standardOutput),
            "\(words) / \(text.standardOutput)")

        // --tsv: FILE, word, start, end, confidence, for every file.
        let tsv = try StationBinary.run([
            "--data-dir", data, "transcribe", "--words", "--tsv", speech.path, speech.path,
        ])
        try #require(tsv.status == 0, "\(tsv.standardError)")
        let rows = tsv.standardOutput.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(rows.count == 2 * words.count)
        #expect(rows.allSatisfy { $0.count == 5 && $0[0] == speech.path }, "\(rows)")
        #expect(rows.prefix(words.count).map { $0[1] } == words)
        #expect(rows.prefix(words.count).map { $0[2] } == lines.map { $0[0] })
    }
}
