import Foundation
import StationTestSupport
import Testing

extension HostileCommandLineTextTests {
    @Test(
        "a hostile vocabulary word is refused, named in visible symbols, and nothing is stored",
        arguments: [
            "x\u{1B}]0;pwned\u{07}", "ward\u{1B}[2J", "two words", "line\nbreak", "bidi\u{202E}", "word(2)",
            "../../etc/passwd", String(repeating: "a", count: 41),
        ])
    func hostileVocabularyWord(word: String) throws {
        let folder = try TemporaryFolder("hostile-vocabulary")
        defer { folder.remove() }
        let data = folder.url.appendingPathComponent("data").path
        for arguments in [["add", word], ["add", word, "AH"], ["remove", word]] {
            let run = try StationBinary.run(["--data-dir", data, "vocabulary"] + arguments)
            #expect(run.status == 1, "\(arguments): \(run.standardError)")
            #expect(run.standardError.contains("is not taken as a vocabulary word"))
            #expect(Self.rawControls(run.standardOutput + run.standardError).isEmpty)
        }
        let pronunciation = try StationBinary.run(["--data-dir", data, "vocabulary", "add", "apixaban", "AE \u{1B}[2J"])
        #expect(pronunciation.status == 1)
        #expect(Self.rawControls(pronunciation.standardError).isEmpty)
        let stored = folder.url.appendingPathComponent("data/vocabulary/en-US.dict")
        #expect(!FileManager.default.fileExists(atPath: stored.path))
    }
}
