import Foundation
import SQLiteStore
import SpeakerAdaptation
import StationCore
import StationTestSupport
import Testing

private typealias WordErrorRate = SpeakerAdaptation.WordErrorRate

/// The real binary: `profiles update` trains from the store's corrected reports, `transcribe --author`
/// decodes with the profile, `profiles reset` takes it away.
@Suite("The profiles command and transcribe --author", .serialized)
struct ProfilesCommandTests {
    @Test("profiles update exits by one rule, with or without --json: 1 while collecting, saying how many more")
    func oneExitRule() async throws {
        let data = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let paths = StationPaths(dataDirectory: data)
        try paths.createDirectories()
        let database = try await StationDatabase.open(paths)
        for dictation in try DevCorpus.dictations("slt", 1...2) {
            let audio = paths.audioDirectory.appendingPathComponent(dictation.audioFile.lastPathComponent)
            try FileManager.default.copyItem(at: dictation.audioFile, to: audio)
            let report = try await database.add(
                NewReport(
                    sessionName: "Ward round", locale: "en-US", created: dictation.created,
                    audioDuration: .seconds(3), audioFile: audio, text: "decoded words", author: "alice"))
            _ = try await database.revise(
                id: report.id, text: dictation.text, at: dictation.created, by: "alice", reason: nil)
        }
        let plain = try StationBinary.run(["--data-dir", data.path, "profiles", "update", "--author", "alice"])
        #expect(plain.status == 1)
        #expect(
            plain.standardError.contains(
                "3 more corrected dictations are needed before a profile can be trained (2 of 5 so far)."),
            "\(plain.standardError)")
        for json in [["--json"], ["--if-due", "--json"]] {
            let run = try StationBinary.run(
                ["--data-dir", data.path, "profiles", "update", "--author", "alice"] + json)
            #expect(run.status == 1, "\(json): the same rule")
            #expect(run.standardOutput.contains("\"result\":\"collecting\""), "\(run.standardOutput)")
        }
    }

    @Test("a profile trained from corrected reports decodes its author's unseen dictations better")
    func updateAndTranscribe() async throws {
        let data = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let paths = StationPaths(dataDirectory: data)
        try paths.createDirectories()
        let database = try await StationDatabase.open(paths)
        // Seventy dictations by Alice (slt), each stored as decoded ("draft") and then corrected.
        for dictation in try DevCorpus.dictations("slt", 1...70) {
            let audio = paths.audioDirectory.appendingPathComponent(dictation.audioFile.lastPathComponent)
            try FileManager.default.copyItem(at: dictation.audioFile, to: audio)
            let report = try await database.add(
                NewReport(
                    sessionName: "Ward round", locale: "en-US", created: dictation.created,
                    audioDuration: .seconds(3), audioFile: audio, text: "decoded words", author: "alice"))
            _ = try await database.revise(
                id: report.id, text: dictation.text + ".", at: dictation.created, by: "alice", reason: nil)
        }

        let update = try StationBinary.run(["--data-dir", data.path, "profiles", "update", "--author", "alice"])
        print(update.standardOutput)
        #expect(update.status == 0, "\(update.standardError)")
        #expect(update.standardOutput.contains("Kept the new"))
        let list = try StationBinary.run(["--data-dir", data.path, "profiles"])
        #expect(list.standardOutput.split(separator: "\n").dropFirst().first?.hasPrefix("alice\ten-US\t") == true)

        let unseen = try DevCorpus.dictations("slt", 81...100)
        let files = unseen.map(\.audioFile.path)
        func errorRate(_ extra: [String]) throws -> (WordErrorRate, String) {
            let run = try StationBinary.run(["--data-dir", data.path, "transcribe", "--tsv"] + extra + files)
            #expect(run.status == 0, "\(run.standardError)")
            let texts = run.standardOutput.split(separator: "\n").map {
                $0.split(separator: "\t").last.map(String.init) ?? ""
            }
            let total = zip(unseen, texts).reduce(WordErrorRate()) {
                $0
                    + WordErrorRate.of(
                        hypothesis: SpokenWords.of(ClinicalNumbers.spoken($1.1)), reference: SpokenWords.of($1.0.text))
            }
            return (total, run.standardOutput)
        }
        let (stock, stockOutput) = try errorRate([])
        let (alice, _) = try errorRate(["--author", "alice"])
        let (_, bobOutput) = try errorRate(["--author", "bob"])
        print("transcribe: stock \(stock.percent) %, --author alice \(alice.percent) %")
        #expect(alice.percent < stock.percent)
        #expect(bobOutput == stockOutput, "another author never gets Alice's profile")

        let reset = try StationBinary.run(["--data-dir", data.path, "profiles", "reset", "alice"])
        #expect(reset.status == 0)
        let (afterReset, afterOutput) = try errorRate(["--author", "alice"])
        #expect(afterOutput == stockOutput)
        #expect(afterReset == stock)
    }
}

@Suite("Reports as adaptation data")
struct ReportDictationsTests {
    @Test("only reports a person corrected or signed off, with their audio, in the locale asked")
    func correctedOnly() async throws {
        let data = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let paths = StationPaths(dataDirectory: data)
        try paths.createDirectories()
        let database = try await StationDatabase.open(paths)
        func add(
            _ name: String, locale: String = "en-US", audio: Bool = true, author: String? = "alice"
        ) async throws
            -> Report
        {
            let file = paths.audioDirectory.appendingPathComponent("\(name).wav")
            if audio { try Data("RIFF".utf8).write(to: file) }
            return try await database.add(
                NewReport(
                    sessionName: name, locale: locale, created: Date(timeIntervalSince1970: 1_900_000_000),
                    audioDuration: .seconds(1), audioFile: file, text: "as decoded", author: author))
        }
        func sign(_ report: Report) async throws { _ = try await database.sign(id: report.id, by: "alice", at: Date()) }
        let corrected = try await add("corrected")
        _ = try await database.revise(
            id: corrected.id, text: "as corrected", at: corrected.created, by: "alice", reason: nil)
        try await sign(try await add("signed"))
        _ = try await add("untouched")
        try await sign(try await add("german", locale: "de-DE"))
        try await sign(try await add("noaudio", audio: false))
        // Another author's corrected report, and one from before authors were recorded, are never Alice's.
        let bobs = try await add("bob", author: "bob")
        _ = try await database.revise(id: bobs.id, text: "bob's words", at: bobs.created, by: "bob", reason: nil)
        try await sign(try await add("unknown", author: nil))

        let found = try await ReportDictations(store: database).dictations(author: "alice", locale: "en-US")
        // The one whose recording is gone is read too: training leaves it out and names it
        // (`DictationSelection`, `.noRecording`), rather than it vanishing here without a word.
        #expect(Set(found.map(\.audioFile.lastPathComponent)) == ["corrected.wav", "signed.wav", "noaudio.wav"])
        let words = data.appendingPathComponent("words.dict")
        try Data("as AE Z\ncorrected K ER EH K T IH D\ndecoded D IH K OW D IH D\n".utf8).write(to: words)
        let selection = DictationSelection(found, dictionary: try PronunciationDictionary(contentsOf: words))
        let noAudio = found.first { $0.audioFile.lastPathComponent == "noaudio.wav" }?.report
        #expect(selection.leftOut.map(\.report) == [noAudio])
        #expect(selection.leftOut.map(\.reason) == [.noRecording])
        #expect(found.first { $0.audioFile.lastPathComponent == "corrected.wav" }?.text == "as corrected")
    }
}
