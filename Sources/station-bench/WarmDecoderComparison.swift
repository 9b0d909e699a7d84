import Foundation
import Recordings
import SphinxSpeech
import StationCore
import StationTestSupport

/// Cold against warm decoder state on dictations of several utterances: the same recordings decoded
/// with each `CepstralMeanPolicy`, one decoder for every dictation (as the station keeps it).
///
/// Dictations: the five LibriVox recordings joined by pauses into one, each alone and in every ordered
/// pair, and per voice of the dev corpus (`CORPUS/VOICE/NNN.wav` + `NNN.txt`) its sentences joined in
/// tens and in pairs.
enum WarmDecoderComparison {
    struct Dictation {
        var name: String
        var samples: [Int16]
        var reference: String
    }

    /// The pauses between joined sentences, in turn (seconds): a dictating person's, all long enough
    /// for `PauseSegmenter` to cut there.
    static let pauses = [1.0, 1.6, 0.8, 2.4, 1.2]

    static func run(corpus: URL?, policies chosen: [CepstralMeanPolicy] = []) async throws {
        // Each group with the total it counts in: the same audio is in several kinds of dictation.
        let librivox = try LibriVoxRecording.all()
        var groups: [(name: String, dictations: [Dictation], total: String)] = [
            ("LibriVox, 5 files as 1", [joined(librivox, name: "librivox")], "tens"),
            ("LibriVox, each file alone", alone(librivox), "alone"),
        ]
        // Real speech in dictations of two utterances, apart by whether the first holds the 5 s of speech
        // `.ownExceptLast` needs to take the earlier mean for the last.
        let pairs = Self.pairs(of: librivox)
        groups.append(("LibriVox pairs, 1st < 5 s", pairs.filter { !$0.longFirst }.map(\.dictation), "real"))
        groups.append(("LibriVox pairs, 1st ≥ 5 s", pairs.filter(\.longFirst).map(\.dictation), "real"))
        if let corpus {
            // Ten sentences, and two: the policies that treat the last utterance otherwise meet it as a
            // tenth of a dictation and as half of one.
            for (size, total) in [(10, "tens"), (2, "pairs")] {
                for voice in try voices(in: corpus) {
                    let name = voice.lastPathComponent + (size == 10 ? "" : ", in pairs")
                    groups.append((name, try devCorpus(voice, perDictation: size), total))
                }
            }
        }
        let folder = try AudioFixtures.temporaryDirectory("warm-decoder")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The cold one first: the ratios are to it.
        let policies =
            [CepstralMeanPolicy.ownUtterance]
            + (chosen.isEmpty ? CepstralMeanPolicy.allCases : chosen)
            .filter { $0 != .ownUtterance }
        print("Cold (each utterance by its own cepstral mean) against warm (carried within a dictation)")
        print(
            "group".padding(toLength: 40, withPad: " ", startingAt: 0)
                + policies.map { $0.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0) }.joined()
                + "ratio warm/cold")
        var totals = [String: [CepstralMeanPolicy: WordErrorRate.Count]]()
        for (name, dictations, total) in groups {
            var files: [(URL, String)] = []
            for (index, dictation) in dictations.enumerated() {
                let file = folder.appendingPathComponent("\(index).wav")
                try AudioFixtures.writeWAV(dictation.samples, to: file)
                files.append((file, dictation.reference))
            }
            var counts = [CepstralMeanPolicy: WordErrorRate.Count]()
            for policy in policies {
                let transcriber = SphinxTranscriber(
                    locator: ModelLocator(modelsDirectory: folder.appendingPathComponent("models")), logFile: nil)
                await transcriber.useCepstralMean(policy)
                var count = WordErrorRate.Count(errors: 0, referenceWords: 0)
                for (file, reference) in files {
                    let text = try await transcriber.transcribe(file: file, locale: "en-US").text
                    count = count + WordErrorRate.count(hypothesis: text, reference: reference)
                }
                counts[policy] = count
                totals[total, default: [:]][policy] =
                    (totals[total]?[policy] ?? WordErrorRate.Count(errors: 0, referenceWords: 0)) + count
            }
            print(row("\(name) (\(counts[.ownUtterance]?.referenceWords ?? 0) words)", counts, policies))
        }
        print(row("all, ten to a dictation", totals["tens"] ?? [:], policies))
        if let pairs = totals["pairs"] { print(row("all, two to a dictation", pairs, policies)) }
    }

    static func row(
        _ name: String, _ counts: [CepstralMeanPolicy: WordErrorRate.Count], _ policies: [CepstralMeanPolicy]
    ) -> String {
        let cold = counts[.ownUtterance]?.rate ?? 0
        let cells = policies.map { String(format: "%5.1f %%", 100 * (counts[$0]?.rate ?? 0)) }
        let ratios = policies.dropFirst().map { String(format: "%.2f", cold == 0 ? 0 : (counts[$0]?.rate ?? 0) / cold) }
        return name.padding(toLength: 40, withPad: " ", startingAt: 0)
            + cells.map { $0.padding(toLength: 16, withPad: " ", startingAt: 0) }.joined()
            + ratios.joined(separator: " / ")
    }

    static func silence(_ seconds: Double) -> [Int16] {
        [Int16](repeating: 0, count: Int(seconds * Double(AudioChunk.sampleRate)))
    }

    static func joined(_ parts: [([Int16], String)], name: String) -> Dictation {
        var samples: [Int16] = []
        for (index, part) in parts.enumerated() {
            if index > 0 { samples += silence(pauses[index % pauses.count]) }
            samples += part.0
        }
        return Dictation(name: name, samples: samples, reference: parts.map(\.1).joined(separator: " "))
    }

    static func joined(_ recordings: [LibriVoxRecording], name: String) -> Dictation {
        joined(recordings.map { ($0.audio, $0.reference) }, name: name)
    }

    static func alone(_ recordings: [LibriVoxRecording]) -> [Dictation] {
        recordings.map { Dictation(name: $0.name, samples: $0.audio, reference: $0.reference) }
    }

    /// Every ordered pair of two different recordings, and whether the first is 5 s or longer.
    static func pairs(of recordings: [LibriVoxRecording]) -> [(dictation: Dictation, longFirst: Bool)] {
        recordings.indices.flatMap { first in
            recordings.indices.filter { $0 != first }.map { second in
                (
                    joined([recordings[first], recordings[second]], name: "\(first)+\(second)"),
                    recordings[first].audio.count >= 5 * AudioChunk.sampleRate
                )
            }
        }
    }

    static func voices(in corpus: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: corpus, includingPropertiesForKeys: nil)
            .filter { folder in
                folder.hasDirectoryPath
                    && ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains {
                        $0.hasSuffix(".wav")
                    }
            }
            .sorted { $0.path < $1.path }
    }

    /// The voice's sentences in order, ten to a dictation.
    static func devCorpus(_ voice: URL, perDictation: Int = 10) throws -> [Dictation] {
        let names = try FileManager.default.contentsOfDirectory(atPath: voice.path)
            .filter { $0.hasSuffix(".wav") }.sorted()
        var parts: [([Int16], String)] = []
        for name in names {
            let audio = voice.appendingPathComponent(name)
            let text = audio.deletingPathExtension().appendingPathExtension("txt")
            parts.append((try AudioFileReader.samples(of: audio), try String(contentsOf: text, encoding: .utf8)))
        }
        return stride(from: 0, to: parts.count, by: perDictation).map { start in
            joined(Array(parts[start..<min(parts.count, start + perDictation)]), name: "\(start)")
        }
    }
}
