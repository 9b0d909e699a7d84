import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

@Suite("The clinic's vocabulary files")
struct ClinicVocabularyTests {
    static let debian = ModelLocator.debianModels[0]

    static func store() throws -> ClinicVocabulary {
        ClinicVocabulary(
            directory: try AudioFixtures.temporaryDirectory("vocabulary").appendingPathComponent("vocabulary"))
    }

    static func mode(_ url: URL) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int ?? -1
    }

    @Test("added words are kept private (0700, 0600), written whole, listed, replaced and removed")
    func storage() throws {
        let store = try Self.store()
        #expect(try store.add(word: "Metoprolol", phones: ["M", "EH", "T"], locale: "en_us") == .added)
        #expect(try store.add(word: "apixaban", phones: ["AE", "P"], locale: "en-US") == .added)
        #expect(try store.add(word: "metoprolol", phones: ["M", "EH", "T"], locale: "en-US") == .unchanged)
        #expect(
            try store.add(word: "metoprolol", phones: ["M", "AH"], locale: "en-US")
                == .replaced(previous: ["M", "EH", "T"]))
        let file = try store.file(locale: "en-US")
        #expect(try String(contentsOf: file, encoding: .utf8) == "metoprolol M AH\napixaban AE P\n")
        #expect(try Self.mode(store.directory) == 0o700)
        #expect(try Self.mode(file) == 0o600)
        #expect(store.locales() == ["en-US"])
        #expect(try store.remove(word: "METOPROLOL", locale: "en-US"))
        #expect(try !store.remove(word: "metoprolol", locale: "en-US"))
        #expect(try store.entries(locale: "en-US").map(\.word) == ["apixaban"])
        // No temporary file is left beside it.
        let names = try FileManager.default.contentsOfDirectory(atPath: store.directory.path)
        #expect(Set(names) == [".lock", "en-US.dict"])
    }

    @Test(
        "hostile words are refused with a reason",
        arguments: [
            "", "two words", "tab\tbed", "line\nbreak", "esc\u{1B}[31m", "bidi\u{202E}txt", "del\u{7F}",
            "word(2)", "<s>", "[noise]", "+nsn+", "../../etc/passwd", "a/b", "-dash", String(repeating: "a", count: 41),
        ])
    func hostileWords(word: String) {
        #expect(throws: VocabularyError.self) { try VocabularyEntry.checkedWord(word) }
    }

    @Test("ordinary words pass, in lower case: accents, digits, hyphens, apostrophes")
    func ordinaryWords() throws {
        #expect(try VocabularyEntry.checkedWord("Metoprolol") == "metoprolol")
        #expect(try VocabularyEntry.checkedWord("Ödem") == "ödem")
        #expect(try VocabularyEntry.checkedWord("beta-blocker") == "beta-blocker")
        #expect(try VocabularyEntry.checkedWord("b12") == "b12")
        #expect(try VocabularyEntry.checkedWord("crohn's") == "crohn's")
        #expect(try VocabularyEntry.checkedWord(String(repeating: "a", count: 40)).count == 40)
    }

    @Test("a pronunciation is the model's phones: cmudict stress digits go, an unknown phone is named")
    func phones() throws {
        let phones = try ModelPhones(model: Self.debian)
        #expect(
            try VocabularyEntry.checkedPhones("m eh1 t  AH0 p", in: phones, locale: "en-US") == [
                "M", "EH", "T", "AH", "P",
            ])
        #expect(throws: VocabularyError.unknownPhone("QQ", locale: "en-US", known: phones.phones.sorted())) {
            try VocabularyEntry.checkedPhones("M QQ", in: phones, locale: "en-US")
        }
        // Silence and the noise fillers are phones of the model, but no word is made of them.
        #expect(throws: VocabularyError.self) { try VocabularyEntry.checkedPhones("SIL", in: phones, locale: "en-US") }
        #expect(throws: VocabularyError.self) {
            try VocabularyEntry.checkedPhones("+NSN+", in: phones, locale: "en-US")
        }
        #expect(throws: VocabularyError.self) { try VocabularyEntry.checkedPhones("  ", in: phones, locale: "en-US") }
        let long = Array(repeating: "AH", count: 41).joined(separator: " ")
        #expect(throws: VocabularyError.self) { try VocabularyEntry.checkedPhones(long, in: phones, locale: "en-US") }
    }

    @Test("the binary mdef of Debian's model gives the same 39 phones as its text form")
    func mdefPhones() throws {
        let binary = try ModelPhones(model: Self.debian)
        #expect(binary.phones.count == 39)
        #expect(binary.phones.isSuperset(of: ["AA", "AH", "ZH", "NG"]))
        let folder = try AudioFixtures.temporaryDirectory("mdef")
        let text = folder.appendingPathComponent("mdef")
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/pocketsphinx_mdef_convert")
        convert.arguments = ["-text", Self.debian.acousticModel.appendingPathComponent("mdef").path, text.path]
        convert.standardError = FileHandle.nullDevice
        try convert.run()
        convert.waitUntilExit()
        #expect(convert.terminationStatus == 0)
        let converted = ModelPhones.textNames(try Data(contentsOf: text))
        #expect(Set(converted.filter { !$0.hasPrefix("+") && $0 != "SIL" }) == binary.phones)
    }

    @Test("a file changed by hand: lines that would not pass are skipped, links are not followed")
    func handEdited() throws {
        let store = try Self.store()
        try store.add(word: "apixaban", phones: ["AE", "P"], locale: "en-US")
        let file = try store.file(locale: "en-US")
        try Data("apixaban AE P\n<s> SIL\nbad\u{1B}word AH\nlonely\nenoxaparin IH N\napixaban AA\n".utf8).write(
            to: file)
        #expect(try store.entries(locale: "en-US").map(\.line) == ["apixaban AE P", "enoxaparin IH N"])
        try FileManager.default.removeItem(at: file)
        let elsewhere = store.directory.deletingLastPathComponent().appendingPathComponent("elsewhere.dict")
        try Data("secret AH\n".utf8).write(to: elsewhere)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: elsewhere)
        #expect(try store.entries(locale: "en-US").isEmpty)
        #expect(throws: VocabularyError.self) { try store.add(word: "x", phones: ["AH"], locale: "en-US") }
        #expect(try String(contentsOf: elsewhere, encoding: .utf8) == "secret AH\n")
    }

    @Test("a locale names a file only when it looks like one", arguments: ["../x", "en/US", "", "en US", "e\u{1B}"])
    func hostileLocale(locale: String) throws {
        let store = try Self.store()
        #expect(throws: VocabularyError.self) { try store.add(word: "word", phones: ["AH"], locale: locale) }
    }

    @Test("the model's dictionary is searched without reading it into lines")
    func dictionaryLookup() {
        #expect(
            ModelDictionary.pronunciations(of: "amoxicillin", in: Self.debian.dictionary) == [
                ["AH", "M", "AO", "K", "S", "AH", "S", "IH", "L", "IH", "N"]
            ])
        #expect(ModelDictionary.pronunciations(of: "'bout", in: Self.debian.dictionary) == [["B", "AW", "T"]])
        #expect(ModelDictionary.pronunciations(of: "metoprolol", in: Self.debian.dictionary).isEmpty)
        #expect(ModelDictionary.pronunciations(of: "read", in: Self.debian.dictionary).count == 2)
    }
}
