import Foundation
import StationCore
import Testing

@Suite("Text blocks and sections by voice")
struct TextBlocksTests {
    static let table = PunctuationTable(
        locale: "en-US", commands: ["period": ".", "comma": ",", "new paragraph": "\n\n"],
        sentenceEnds: [".", "?", "!"], insertWord: "insert", headingWord: "heading")
    static let chest = TextBlock(
        name: "normal chest exam", text: "Chest clear to auscultation bilaterally. No wheezes or crackles.")
    static let punctuation = SpokenPunctuation(table: table).adding(
        blocks: [chest], sections: ["Subjective", "Objective", "Assessment", "Plan", "History of present illness"])

    @Test("saying insert and a block's name puts the block's text in")
    func insert() {
        #expect(
            Self.punctuation.format(hypothesis: "lungs examined insert normal chest exam heart regular")
                == "Lungs examined Chest clear to auscultation bilaterally. No wheezes or crackles. Heart regular")
        #expect(
            Self.punctuation.format(hypothesis: "insert normal chest exam")
                == "Chest clear to auscultation bilaterally. No wheezes or crackles.")
        #expect(
            Self.punctuation.format(hypothesis: "lungs examined period insert normal chest exam")
                == "Lungs examined. Chest clear to auscultation bilaterally. No wheezes or crackles.")
    }

    @Test("a block's name without insert, or insert with another name, stays words")
    func notABlock() {
        #expect(Self.punctuation.format(hypothesis: "normal chest exam") == "Normal chest exam")
        #expect(Self.punctuation.format(hypothesis: "insert the catheter") == "Insert the catheter")
    }

    @Test("saying heading and a section's name starts that section on a paragraph of its own")
    func heading() {
        #expect(
            Self.punctuation.format(hypothesis: "heading subjective knee pain heading plan rest and ice")
                == "Subjective:\nKnee pain\n\nPlan:\nRest and ice")
        #expect(
            Self.punctuation.format(hypothesis: "pain period new paragraph heading plan rest")
                == "Pain.\n\nPlan:\nRest")
        #expect(
            Self.punctuation.format(hypothesis: "heading history of present illness fell at home")
                == "History of present illness:\nFell at home")
    }

    @Test("a locale without the words for them has no blocks or headings")
    func noWords() {
        let plain = SpokenPunctuation(table: .plain(locale: "xx-XX")).adding(blocks: [Self.chest], sections: ["Plan"])
        #expect(
            plain.format(hypothesis: "insert normal chest exam heading plan") == "Insert normal chest exam heading plan"
        )
        #expect(plain.commandPhrases.isEmpty)
    }

    @Test("the block and section phrases are commands the decoder weighs")
    func phrases() {
        let phrases = Self.punctuation.commandPhrases.map { $0.joined(separator: " ") }
        #expect(phrases.contains("insert normal chest exam"))
        #expect(phrases.contains("heading plan"))
        #expect(phrases.contains("heading history of present illness"))
    }

    @Test("names are words as said; a bad name or text is refused and nothing changes")
    func checks() throws {
        var blocks = TextBlocks()
        let replacedFirst = try blocks.add(name: "  Normal   Chest Exam ", text: "Clear.\n")
        #expect(!replacedFirst)
        #expect(blocks.all == [TextBlock(name: "normal chest exam", text: "Clear.")])
        let replaced = try blocks.add(name: "normal chest exam", text: "Clear both sides.")
        #expect(replaced)
        #expect(blocks.block(named: "NORMAL chest exam")?.text == "Clear both sides.")
        func refusal(_ name: String, _ text: String) -> TextBlockError? {
            var copy = blocks
            do {
                try copy.add(name: name, text: text)
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal("chest2", "x") == .invalidName("chest2"))
        #expect(refusal("", "x") == .invalidName(""))
        #expect(refusal("a b c d e f g", "x") == .invalidName("a b c d e f g"))
        #expect(refusal("advice", " \n") == .emptyText(name: "advice"))
        #expect(refusal("advice", "rest \u{1B}[31m") == .controlCharacters(name: "advice"))
        #expect(blocks.all.count == 1)
        let removed = blocks.remove(name: "Normal Chest Exam")
        let again = blocks.remove(name: "normal chest exam")
        #expect(removed && !again)
    }

    @Test("the file is read back as written; a missing file is no blocks, a broken one an error")
    func file() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blocks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("text-blocks.json")
        #expect(try TextBlocks.load(from: file).all.isEmpty)
        try TextBlocks([Self.chest]).encoded().write(to: file)
        #expect(try TextBlocks.load(from: file).all == [Self.chest])
        try Data("{not json".utf8).write(to: file)
        #expect(throws: TextBlockError.unreadable(file: file.path)) { try TextBlocks.load(from: file) }
    }

    @Test("the clinic's files give the blocks and every work type's sections once")
    func clinicFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clinic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = ClinicTextFiles(configDirectory: folder)
        try TextBlocks([Self.chest]).encoded().write(to: files.blocks)
        try Data(
            """
            [{"code": "soap", "display": "SOAP note", "loinc": "11506-3",
              "sections": ["Subjective", "Objective", "Assessment", "Plan"]},
             {"code": "letter", "display": "Letter", "loinc": "57133-1", "sections": ["Plan", "Follow up"]}]
            """.utf8
        ).write(to: files.workTypes)
        let (blocks, sections) = files.load()
        #expect(blocks == [Self.chest])
        #expect(sections == ["Subjective", "Objective", "Assessment", "Plan", "Follow up"])
    }
}
