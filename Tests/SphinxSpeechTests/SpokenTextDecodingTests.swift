import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

/// Real decoding with Debian's en-US model of what flite's voices say: text blocks and sections heard in
/// a sentence, and sentences ended where the speaker paused.
@Suite("Text blocks, sections and sentence ends in real decoding", .serialized)
struct SpokenTextDecodingTests {
    /// With `config`'s text blocks; the language models with the command words go into `models`, as
    /// the station's go beside its vocabulary (none: commands are not weighed).
    static func transcriber(config: URL?, models: URL? = nil) async -> SphinxTranscriber {
        var locator = ModelLocator(modelsDirectory: URL(fileURLWithPath: "/nonexistent/models"))
        locator.clinicText = config.map { ClinicTextFiles(configDirectory: $0) }
        locator.languageModelFolder = models
        let transcriber = SphinxTranscriber(locator: locator, logFile: nil)
        return transcriber
    }

    @Test("insert and a block's name put the block's text in, in real decoding of a synthetic voice")
    func blocks() async throws {
        let folder = try AudioFixtures.temporaryDirectory("text-blocks")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let files = ClinicTextFiles(configDirectory: config)
        let block = "Chest clear to auscultation bilaterally. No wheezes or crackles."
        try TextBlocks([TextBlock(name: "normal chest exam", text: block)]).encoded().write(to: files.blocks)
        // As the station's: under a vocabulary folder that a station without clinic words lacks.
        let models = folder.appendingPathComponent("data/vocabulary/.language-models")
        let transcriber = await Self.transcriber(config: config, models: models)
        let audio = try SpokenSentence.wav(
            "the patient was seen today insert normal chest exam", voice: "awb", named: "block", in: folder)
        let text = try await transcriber.transcribe(file: audio, locale: "en-US").text
        // Without the block's command word Debian's model hears "insert normal chested bizarre" here.
        #expect(text.contains(block), "\(text)")
        #expect(!text.lowercased().contains("insert"), "\(text)")
        // The block's phrase was written into the language model the decoder loaded, not added to it.
        let written = try FileManager.default.contentsOfDirectory(atPath: models.path).filter {
            $0.hasSuffix(".lm.bin")
        }
        #expect(written.count == 1, "\(written)")

        // Without the block file the same words stay words.
        let plain = try await Self.transcriber(config: nil).transcribe(file: audio, locale: "en-US").text
        #expect(!plain.contains(block), "\(plain)")
    }

    @Test("\"colon\" and \"period\" in a sentence are words, as a command a mark, in real decoding of synthetic voices")
    func commandsThatAreWords() async throws {
        let folder = try AudioFixtures.temporaryDirectory("command-words")
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = folder.appendingPathComponent("data/vocabulary/.language-models")
        let transcriber = await Self.transcriber(config: nil, models: models)
        // Before: "Her last menstrual. Was two weeks ago." and "The biopsy of the: was taken."
        let said: [(text: String, voice: String, written: String)] = [
            ("her last menstrual period was two weeks ago", "slt", "menstrual period was"),
            ("a biopsy of the colon was taken", "slt", "of the colon was taken"),
            ("a biopsy of the colon was taken", "rms", "of the colon was taken"),
            ("blood pressure is normal colon she slept well", "rms", "normal: she slept well"),
            ("blood pressure is normal period she slept well", "rms", "normal. She slept well"),
        ]
        for (index, sentence) in said.enumerated() {
            let audio = try SpokenSentence.wav(sentence.text, voice: sentence.voice, named: "s\(index)", in: folder)
            let text = try await transcriber.transcribe(file: audio, locale: "en-US").text
            #expect(text.contains(sentence.written), "\(sentence.text) (\(sentence.voice)): \(text)")
        }
    }

    @Test("a dictation without punctuation commands comes out as sentences where the speaker paused")
    func sentencesFromPauses() async throws {
        let folder = try AudioFixtures.temporaryDirectory("sentence-ends")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sentences = [
            "the patient reports mild pain in the left knee", "she slept well last night",
            "the wound is healing well with no sign of infection",
        ]
        var parts: [String] = []
        for (index, sentence) in sentences.enumerated() {
            if index > 0 {
                let pause = folder.appendingPathComponent("pause-\(index).wav")
                try AudioFixtures.sox(
                    ["-n", "-r", "16000", "-c", "1", "-b", "16", pause.path, "trim", "0", index == 1 ? "0.8" : "2.5"])
                parts.append(pause.path)
            }
            parts.append(try SpokenSentence.wav(sentence, voice: "slt", named: "s\(index)", in: folder).path)
        }
        let dictation = folder.appendingPathComponent("dictation.wav")
        try AudioFixtures.sox(parts + [dictation.path])
        let transcription = try await Self.transcriber(config: nil).transcribe(file: dictation, locale: "en-US")
        // 0.8 s after the first sentence: a sentence ends; 2.5 s after the second: a paragraph.
        let paragraphs = transcription.text.components(separatedBy: "\n\n")
        #expect(paragraphs.count == 2, "\(transcription.text)")
        #expect(paragraphs.first?.components(separatedBy: ". ").count == 2, "\(transcription.text)")
        #expect(transcription.text.hasSuffix("."), "\(transcription.text)")
        #expect(transcription.spoken.count == transcription.words.count)
    }
}
