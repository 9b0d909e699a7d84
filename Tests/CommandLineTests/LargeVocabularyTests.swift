import Foundation
import StationTestSupport
import Testing

/// Issue 20, item 5: a vocabulary file edited by hand, of any length, never crashes a decode. A file of
/// about 13,000 words made every decode die in libsphinxbase (SIGSEGV, exit status 139). The real
/// binary, Debian's en-US model, flite's slt voice.
@Suite("A vocabulary file of 20,000 lines", .serialized)
struct LargeVocabularyTests {
    @Test("decodes without crashing, takes the first 2,000 words, and says what it left out")
    func twentyThousandLines() throws {
        let folder = try AudioFixtures.temporaryDirectory("cli-large-vocabulary")
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        let vocabulary = data.appendingPathComponent("vocabulary")
        try FileManager.default.createDirectory(
            at: vocabulary, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var lines = ["metoprolol M EH T AH P R AW L AA L", "badphone ZZ QQ"]
        lines += Self.madeUpWords(19_998).enumerated().map { index, word in
            "\(word) \(Self.phones[index % Self.phones.count])"
        }
        let file = vocabulary.appendingPathComponent("en-US.dict")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let audio = try SpokenSentence.wav(
            "start metoprolol twenty five milligrams twice a day", named: "metoprolol", in: folder)

        let run = try StationBinary.run(["--data-dir", data.path, "transcribe", audio.path])
        #expect(run.status == 0, "exit status \(run.status): \(run.standardError.suffix(400))")
        #expect(VocabularyCommandTests.words(run.standardOutput).contains("metoprolol"), "\(run.standardOutput)")
        let log = try String(contentsOf: data.appendingPathComponent("station.log"), encoding: .utf8)
        #expect(log.contains("vocabulary en-US: 18000 words past the first 2000 left out"), "\(log.suffix(600))")

        let list = try StationBinary.run(["--data-dir", data.path, "vocabulary"])
        #expect(list.status == 0)
        let rows = list.standardOutput.split(separator: "\n")
        #expect(rows.count == 2_001, "a header and the 2,000 words taken")
        #expect(rows.contains("en-US\tmetoprolol\tM EH T AH P R AW L AA L"))
        #expect(rows.contains("en-US\tbadphone\tZZ QQ\tunusable: the en-US model has no phone ZZ, QQ"))
        #expect(
            list.standardError.contains("en-US: 18000 more words are left out")
                && list.standardError.contains("a locale takes at most 2000 words, the file's first"),
            "\(list.standardError)")
        // Nothing of the file is lost by reading it.
        #expect(try String(contentsOf: file, encoding: .utf8).split(separator: "\n").count == 20_000)
    }

    static let phones = ["M EH T AH L", "K AE N D IH", "P R OW S AH", "T IH Z AH N", "B AA L IH K"]

    /// Words no dictionary has: "zq" and letters, the same in every run.
    static func madeUpWords(_ count: Int) -> [String] {
        let letters = Array("abcdefghiklmnoprstuvw")
        var state: UInt64 = 20
        var words: Set<String> = []
        var ordered: [String] = []
        while ordered.count < count {
            let word =
                "zq"
                + String(
                    (0..<7).map { _ in
                        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                        return letters[Int(state >> 33) % letters.count]
                    })
            if words.insert(word).inserted { ordered.append(word) }
        }
        return ordered
    }
}
