import Foundation
import StationTestSupport
import Testing

/// `dictation-station vocabulary`, and `transcribe` with it, through the real binary and Debian's
/// en-US model; the speech is flite's slt voice.
@Suite("dictation-station vocabulary", .serialized)
struct VocabularyCommandTests {
    static let dictionary = URL(fileURLWithPath: "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict")

    static func words(_ output: String) -> [String] { output.lowercased().split { !$0.isLetter }.map(String.init) }

    @Test("a drug name the dictionary lacks: not recognized, added with flite's pronunciation, recognized, removed")
    func beforeAndAfter() throws {
        let folder = try AudioFixtures.temporaryDirectory("cli-vocabulary")
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data").path
        let dictionary = try String(contentsOf: Self.dictionary, encoding: .utf8)
        #expect(!dictionary.contains("\nmetoprolol "), "the test needs a word Debian's dictionary lacks")
        let audio = try SpokenSentence.wav(
            "start metoprolol twenty five milligrams twice a day", named: "metoprolol", in: folder)
        func transcribe() throws -> String {
            let run = try StationBinary.run(["--data-dir", data, "transcribe", audio.path])
            #expect(run.status == 0, "\(run.standardError)")
            return run.standardOutput
        }

        let before = try transcribe()
        #expect(!Self.words(before).contains("metoprolol"), "\(before)")

        let add = try StationBinary.run(["--data-dir", data, "vocabulary", "add", "Metoprolol"])
        #expect(add.status == 0, "\(add.standardError)")
        #expect(add.standardOutput.contains("Added metoprolol to the en-US vocabulary: M EH T AH P R AW L AA L"))
        #expect(add.standardOutput.contains("flite"))
        let after = try transcribe()
        #expect(Self.words(after).contains("metoprolol"), "\(after)")

        let list = try StationBinary.run(["--data-dir", data, "vocabulary"])
        #expect(list.standardOutput == "LOCALE\tWORD\tPRONUNCIATION\nen-US\tmetoprolol\tM EH T AH P R AW L AA L\n")
        let remove = try StationBinary.run(["--data-dir", data, "vocabulary", "remove", "metoprolol"])
        #expect(remove.status == 0)
        let removed = try transcribe()
        #expect(!Self.words(removed).contains("metoprolol"), "\(removed)")
    }

    @Test("ten adds at once, from ten processes: every word is kept")
    func concurrentAdds() async throws {
        let data = try AudioFixtures.temporaryDirectory("cli-vocabulary-concurrent").appendingPathComponent("data")
        let words = (0..<10).map { "drug\(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"][$0])x" }
        let runs = try words.map { word in
            try BinaryRun(["--data-dir", data.path, "vocabulary", "add", word, "D R AH G"])
        }
        for run in runs { #expect(await run.wait() == 0, "\(run.stderr)") }
        let stored = try String(contentsOf: data.appendingPathComponent("vocabulary/en-US.dict"), encoding: .utf8)
        #expect(Set(stored.split(separator: "\n").map { String($0.split(separator: " ")[0]) }) == Set(words))
    }

    @Test("stored privately: the folder 0700, the file 0600")
    func permissions() throws {
        let data = try AudioFixtures.temporaryDirectory("cli-vocabulary-modes").appendingPathComponent("data")
        let add = try StationBinary.run([
            "--data-dir", data.path, "vocabulary", "add", "apixaban", "AE P IH K S AH B AE N",
        ])
        #expect(add.status == 0, "\(add.standardError)")
        #expect(add.standardOutput.contains("(as given)"))
        let folder = data.appendingPathComponent("vocabulary")
        let file = folder.appendingPathComponent("en-US.dict")
        #expect(try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int == 0o700)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
        #expect(try String(contentsOf: file, encoding: .utf8) == "apixaban AE P IH K S AH B AE N\n")
    }

    @Test("clear refusals: an unknown phone, a word flite cannot spell, another locale without a pronunciation")
    func refusals() throws {
        let data = try AudioFixtures.temporaryDirectory("cli-vocabulary-refusals").appendingPathComponent("data").path
        let phone = try StationBinary.run(["--data-dir", data, "vocabulary", "add", "apixaban", "AE P QQ"])
        #expect(phone.status == 1)
        #expect(phone.standardError.contains("\"QQ\" is not a phone of the en-US model. Its phones are: AA AE AH"))
        let digits = try StationBinary.run(["--data-dir", data, "vocabulary", "add", "b12x"])
        #expect(digits.status == 1)
        #expect(digits.standardError.contains("give this word's pronunciation"))
        let dutch = try StationBinary.run(["--data-dir", data, "vocabulary", "add", "kwijt", "--locale", "nl-NL"])
        #expect(dutch.status == 1)
        #expect(dutch.standardError.contains("nl-NL words need their pronunciation"))
        let missing = try StationBinary.run(["--data-dir", data, "vocabulary", "add"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("vocabulary add WORD [PRONUNCIATION]"))
        let none = try StationBinary.run(["--data-dir", data, "vocabulary"])
        #expect(none.standardOutput.hasPrefix("No words added"))
        let help = try StationBinary.run(["help", "vocabulary"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("vocabulary remove WORD [--locale LOCALE]"))
    }
}
