import Foundation
import SphinxSpeech
import StationCore
import StationTestSupport

/// Decodes every voice's dictations and command sentences once, then scores them.
struct SentenceBenchmark {
    var corpus: URL
    var table: PunctuationTable
    var sweep: Bool
    /// Whether spoken commands are weighed; nil: as the station does.
    var weighsCommands: Bool?
    /// The command words' unigram (a multiple of 1/N); nil: the station's.
    var commandWeight: Float?

    struct Decoded {
        var reference: [String]
        var transcription: Transcription
    }

    func run() async throws {
        let voices = try FileManager.default.contentsOfDirectory(at: corpus, includingPropertiesForKeys: nil)
            .filter { $0.hasDirectoryPath && !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
        let punctuation = SpokenPunctuation(table: table)
        var locator = ModelLocator(modelsDirectory: corpus.appendingPathComponent("no-models"))
        // The language models with the command words are written here, as under the station's vocabulary.
        locator.languageModelFolder = corpus.appendingPathComponent(".language-models", isDirectory: true)
        let transcriber = SphinxTranscriber(locator: locator, logFile: nil)
        if weighsCommands != nil || commandWeight != nil {
            await transcriber.weighCommands(weighsCommands ?? true, weight: commandWeight)
        }
        // The reference for the WER of ordinary speech when command words are measured (--command-words):
        // the same decoder without them.
        let unweighted = SphinxTranscriber(locator: locator, logFile: nil)
        await unweighted.weighCommands(false)
        var plainSpeech = WordErrorRate.Count(errors: 0, referenceWords: 0)
        let compare = weighsCommands != false
        var all: [Decoded] = []
        var commands = CommandTally()
        var commandsWithout = CommandTally()
        print("Sentence ends in dictations spoken without punctuation commands (pauses of 0.3–1.5 s)")
        print(
            pad("voice", 10) + pad("sentence ends", 15) + pad("found", 12) + pad("false breaks", 15)
                + pad("WER with", 10) + "WER without")
        var total = SentenceEnds.Count()
        var with = WordErrorRate.Count(errors: 0, referenceWords: 0)
        var without = with
        for voice in voices {
            var decoded: [Decoded] = []
            for file in try files(in: voice, prefix: "dictation-") {
                let reference = try lines(of: file)
                let transcription = try await transcriber.transcribe(file: file, locale: "en-US")
                decoded.append(Decoded(reference: reference, transcription: transcription))
                let plain = try await unweighted.transcribe(file: file, locale: "en-US")
                plainSpeech =
                    plainSpeech
                    + WordErrorRate.count(hypothesis: plain.text, reference: reference.joined(separator: " "))
            }
            let (count, werWith, werWithout) = score(decoded, punctuation: punctuation, breaks: nil)
            print(row(voice.lastPathComponent, count, werWith, werWithout))
            total = total + count
            with = with + werWith
            without = without + werWithout
            all += decoded
            for file in try files(in: voice, prefix: "command-") {
                let said = try lines(of: file).joined(separator: " ")
                let transcription = try await transcriber.transcribe(file: file, locale: "en-US")
                commands.add(said: said, text: transcription.text, table: table, voice: voice.lastPathComponent)
                if compare {
                    let plain = try await unweighted.transcribe(file: file, locale: "en-US")
                    commandsWithout.add(said: said, text: plain.text, table: table, voice: voice.lastPathComponent)
                }
            }
        }
        print(row("all", total, with, without))
        if compare {
            print(
                String(
                    format:
                        "WER of the same dictations decoded without command words: %.1f %% (with: %.1f %%, ratio %.2f)",
                    100 * plainSpeech.rate, 100 * with.rate, plainSpeech.rate == 0 ? 0 : with.rate / plainSpeech.rate))
        }
        print("")
        commands.print()
        if compare {
            print("")
            commandsWithout.print(title: "The same sentences decoded without command words")
        }
        if sweep { Sweep.run(all, punctuation: punctuation) { score($0, punctuation: $1, breaks: $2) } }
    }

    /// Sentence ends against the reference, and the WER of the words with the ends and without (the same
    /// decode's words with spoken commands only).
    func score(
        _ decoded: [Decoded], punctuation: SpokenPunctuation, breaks: SentenceBreaks?
    ) -> (SentenceEnds.Count, WordErrorRate.Count, WordErrorRate.Count) {
        var count = SentenceEnds.Count()
        var with = WordErrorRate.Count(errors: 0, referenceWords: 0)
        var without = with
        for item in decoded {
            let reference = item.reference.joined(separator: " ")
            let text =
                breaks.map { punctuation.format(item.transcription.spoken, breaks: $0) } ?? item.transcription.text
            count =
                count
                + SentenceEnds.compare(
                    hypothesis: SentenceEnds(text: text), reference: SentenceEnds(lines: item.reference))
            with = with + WordErrorRate.count(hypothesis: text, reference: reference)
            let plain = punctuation.format(item.transcription.spoken.map(\.text))
            without = without + WordErrorRate.count(hypothesis: plain, reference: reference)
        }
        return (count, with, without)
    }

    func row(
        _ name: String, _ count: SentenceEnds.Count, _ with: WordErrorRate.Count, _ without: WordErrorRate.Count
    )
        -> String
    {
        pad(name, 10) + pad("\(count.referenceEnds)", 15)
            + pad(String(format: "%.1f %%", 100 * count.recall), 12)
            + pad(String(format: "%.1f %% (%d)", 100 * count.falseShare, count.falseEnds), 15)
            + pad(String(format: "%.1f %%", 100 * with.rate), 10) + String(format: "%.1f %%", 100 * without.rate)
    }

    private func files(in folder: URL, prefix: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix(prefix) && $0.pathExtension == "wav" }
            .sorted { $0.path < $1.path }
    }

    private func lines(of audio: URL) throws -> [String] {
        try String(contentsOf: audio.deletingPathExtension().appendingPathExtension("txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
    }
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text.padding(toLength: width, withPad: " ", startingAt: 0)
}
