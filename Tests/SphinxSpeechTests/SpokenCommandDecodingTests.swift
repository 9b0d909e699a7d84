import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import SphinxSpeech

/// Real decoding with Debian's en-US model of what flite's voices say: spoken commands, text blocks and
/// sections heard in a sentence, and sentences ended where the speaker paused.
@Suite("Spoken commands, text blocks and sentence ends in real decoding", .serialized)
struct SpokenCommandDecodingTests {
    static func transcriber(config: URL?, weighsCommands: Bool = true) async -> SphinxTranscriber {
        var locator = ModelLocator(modelsDirectory: URL(fileURLWithPath: "/nonexistent/models"))
        locator.clinicText = config.map { ClinicTextFiles(configDirectory: $0) }
        let transcriber = SphinxTranscriber(locator: locator, logFile: nil)
        await transcriber.weighCommands(weighsCommands)
        return transcriber
    }

    @Test("comma, colon and semicolon said in a sentence are heard with their weight, and were not without")
    func weighedCommands() async throws {
        let folder = try AudioFixtures.temporaryDirectory("spoken-commands")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sentences = [
            ("the knee is swollen comma the hip is fine", ","),
            ("blood pressure is normal colon she slept well", ":"),
            ("no fever today semicolon the cough is better", ";"),
        ]
        let weighed = await Self.transcriber(config: nil)
        let unweighed = await Self.transcriber(config: nil, weighsCommands: false)
        var heardWith = 0
        var heardWithout = 0
        for (index, (sentence, mark)) in sentences.enumerated() {
            for voice in ["slt", "rms"] {
                let audio = try SpokenSentence.wav(sentence, voice: voice, named: "command-\(index)", in: folder)
                let with = try await weighed.transcribe(file: audio, locale: "en-US")
                let without = try await unweighed.transcribe(file: audio, locale: "en-US")
                if with.text.dropLast().contains(mark) { heardWith += 1 }
                if without.text.dropLast().contains(mark) { heardWithout += 1 }
                #expect(
                    !with.words.contains { CommandToken.phrase(of: $0.text) != nil }, "the transcript's words are words"
                )
            }
        }
        #expect(heardWith >= 5, "heard \(heardWith) of 6 with the commands weighed")
        #expect(heardWithout < heardWith, "heard \(heardWithout) of 6 without")
    }

    @Test("insert and a block's name put the block's text in; heading and a section's name start it")
    func blocksAndSections() async throws {
        let folder = try AudioFixtures.temporaryDirectory("text-blocks")
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let files = ClinicTextFiles(configDirectory: config)
        let block = "Chest clear to auscultation bilaterally. No wheezes or crackles."
        try TextBlocks([TextBlock(name: "normal chest exam", text: block)]).encoded().write(to: files.blocks)
        try Data(
            #"[{"code": "soap", "display": "SOAP note", "loinc": "11506-3", "sections": ["Assessment", "Plan"]}]"#.utf8
        ).write(to: files.workTypes)
        let transcriber = await Self.transcriber(config: config)
        let audio = try SpokenSentence.wav(
            "the patient was seen today insert normal chest exam heading plan continue the current dose",
            named: "block", in: folder)
        let text = try await transcriber.transcribe(file: audio, locale: "en-US").text
        #expect(text.contains(block), "\(text)")
        #expect(text.contains("\n\nPlan:\n"), "\(text)")
        #expect(!text.lowercased().contains("insert"), "\(text)")
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
