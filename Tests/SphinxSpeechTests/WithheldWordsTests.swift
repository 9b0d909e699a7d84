import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

/// Profanity and slurs are never decoded: the decoder loads the model's dictionary without them.
@Suite("Withheld words", .serialized)
struct WithheldWordsTests {
    @Test("a withheld word's lines go from the dictionary, its other pronunciations with it; nothing else")
    func dictionaryLines() {
        let dictionary = """
            cough K AO F
            fuck F AH K
            fuck(2) F UH K
            fuckx F AH K S
            the DH AH
            shitila SH IH T IY L AH
            shit SH IH T
            """
        let withheld = WithheldWords.parse("# a comment\n\nfuck\n  Shit \n")
        #expect(withheld == ["fuck", "shit"])
        for ending in ["", "\n"] {
            let (kept, left) = DecodingDictionary.lines(of: Data((dictionary + ending).utf8), without: withheld)
            #expect(left == 3)
            #expect(
                String(decoding: kept, as: UTF8.self)
                    == "cough K AO F\nfuckx F AH K S\nthe DH AH\nshitila SH IH T IY L AH" + (ending.isEmpty ? "" : "\n")
            )
        }
    }

    @Test("the shipped en-US list names only words of Debian's dictionary, and no word with a clinical sense")
    func shippedList() throws {
        let withheld = WithheldWords.list(locale: "en-US")
        #expect(withheld.count > 40 && withheld.contains("fuck"))
        let dictionary = try String(contentsOf: ModelLocator.debianModels[0].dictionary, encoding: .utf8)
        let words = Set(dictionary.split(separator: "\n").map { String($0.prefix { $0 != " " }) })
        #expect(withheld.subtracting(words).isEmpty, "\(withheld.subtracting(words).sorted())")
        for word in ["prick", "retard", "piss", "dick", "suck", "colon", "cough"] { #expect(!withheld.contains(word)) }
        #expect(WithheldWords.list(locale: "xx-XX").isEmpty)
    }

    @Test("a sentence that Debian's model hears as profanity comes out as what was said, in real decoding")
    func neverDecoded() async throws {
        let folder = try AudioFixtures.temporaryDirectory("withheld-words")
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = folder.appendingPathComponent("data/vocabulary/.language-models")
        let transcriber = await SpokenTextDecodingTests.transcriber(config: nil, models: models)
        // Before: "No fever today; fuck off is better." (and with "colon" and "new line" in place of
        // "semicolon", and with a noise floor, "period" and "comma"). Now "… the cough is better."
        let audio = try SpokenSentence.wav(
            "no fever today semicolon the cough is better", voice: "kal16", named: "cough", in: folder)
        let text = try await transcriber.transcribe(file: audio, locale: "en-US").text
        #expect(!text.lowercased().contains("fuck"), "\(text)")
        #expect(text.hasSuffix("the cough is better."), "\(text)")
        // The decoder loaded the copy, which the cache keeps for the next one; the model's own is as it was.
        let written = try FileManager.default.contentsOfDirectory(atPath: models.path).filter { $0.hasSuffix(".dict") }
        #expect(written.count == 1, "\(written)")
        let decoder = try SphinxDecoder(
            model: ModelLocator.debianModels[0], log: SilentLog(), vocabulary: nil, cache: models, notes: SilentLog())
        #expect(!decoder.knows("fuck") && !decoder.knows("shit") && decoder.knows("cough"))
        let stock = try SphinxDecoder(model: ModelLocator.debianModels[0], log: SilentLog())
        #expect(stock.knows("fuck"))
    }
}
