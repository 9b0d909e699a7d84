import Foundation
import SpeakerAdaptation
import SphinxSpeech
import StationCore

// scripts/bench-recognition: the learning curve of voice profiles. Per TTS voice of the dev corpus, one
// author has corrected their first N dictations (N = 5, 10, 20, 40); `ProfileUpdater` trains and gates
// their profile as `profiles update` does (cross-validated, MAP and MLLR); then the word error rate on
// sentences the author never dictated (81…) is measured with what is in use afterwards: the profile kept,
// or the stock model when the gate refused. N = 0 is the stock model, in the same run. The time is the
// update's, from the last correction's data to the profile in use. Then the same for the one real
// speaker of pocketsphinx-testdata (LibriVox, 5 utterances), where only the gate's own held-back
// figures exist.
//
//   recognition-bench CORPUS_DIR VOICE...     (CORPUS_DIR/VOICE/NNN.wav + NNN.txt)

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: recognition-bench CORPUS_DIR VOICE...\n".utf8))
    exit(2)
}
let corpus = URL(fileURLWithPath: arguments[0], isDirectory: true)
let voices = Array(arguments.dropFirst())
let counts = [5, 10, 20, 40]
let firstUnseen = 81

func dictations(_ voice: String, _ numbers: ClosedRange<Int>) throws -> [CorrectedDictation] {
    let folder = corpus.appendingPathComponent(voice, isDirectory: true)
    return try numbers.compactMap { number in
        let name = String(format: "%03d", number)
        let audio = folder.appendingPathComponent("\(name).wav")
        guard FileManager.default.fileExists(atPath: audio.path) else { return nil }
        let text = try String(contentsOf: folder.appendingPathComponent("\(name).txt"), encoding: .utf8)
        return CorrectedDictation(
            audioFile: audio, text: text, created: Date(timeIntervalSince1970: 1_800_000_000 + Double(number) * 60))
    }
}

func percent(_ rate: WordErrorRate) -> String { String(format: "%5.1f %%", rate.percent) }
func pValue(_ value: Double) -> String { value < 0.001 ? "<.001" : String(format: "%.3f", value) }

/// The gate's figures: MAP's and MLLR's held-back word errors and p-values.
func gateFigures(_ comparison: ProfileComparison) -> String {
    comparison.candidates.map {
        "\($0.kind.rawValue.uppercased()) \(percent($0.errorRate)) p \(pValue($0.test.pValue))"
    }.joined(separator: ", ")
}

let base = ModelLocator.debianModels[0]
let scorer = SphinxScorer()
let clock = ContinuousClock()

print("Learning curve: word errors on unseen sentences (\(firstUnseen)…) of the profile in use after N corrected")
print("dictations (N = 0: the stock model, same run); the gate's held-back figures; the update's time.")
print("voice    |   N | unseen WER | in use        | gate (held back: stock; MAP, MLLR; p vs stock) | update")
var totals: [Int: WordErrorRate] = [:]
for voice in voices {
    let unseen = try dictations(voice, firstUnseen...999)
    let stock = try await scorer.errorRate(of: base, on: unseen)
    totals[0, default: WordErrorRate()] = totals[0, default: WordErrorRate()] + stock
    let name = voice.padding(toLength: 8, withPad: " ", startingAt: 0)
    print("\(name) |   0 | \(percent(stock)) | stock model   | – (\(unseen.count) unseen sentences) | –")
    for count in counts {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("recognition-bench-\(UUID())")
        defer { try? FileManager.default.removeItem(at: data) }
        let profiles = SpeakerProfiles(directory: data.appendingPathComponent("profiles"))
        let source = ListedDictations([voice: try dictations(voice, 1...count)])
        let started = clock.now
        let outcome = try await ProfileUpdater(profiles: profiles).update(
            author: voice, base: base, source: source, now: Date())
        let took = clock.now - started
        let inUse = profiles.model(author: voice, base: base)
        let rate = try await scorer.errorRate(of: inUse, on: unseen)
        totals[count, default: WordErrorRate()] = totals[count, default: WordErrorRate()] + rate
        let kept = outcome.accepted.map { "\($0.kind.rawValue.uppercased()) profile" } ?? "stock (refused)"
        let seconds = Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
        print(
            "\(name) | \(String(format: "%3d", count)) | \(percent(rate)) | "
                + "\(kept.padding(toLength: 13, withPad: " ", startingAt: 0)) | "
                + "\(percent(outcome.stock)); \(gateFigures(outcome.comparison)) | \(String(format: "%.0f s", seconds))"
        )
    }
}
print(
    "all      | "
        + ([0] + counts).map { "N \($0): \(percent(totals[$0, default: WordErrorRate()]))" }.joined(separator: ", "))

// One real speaker: pocketsphinx-testdata's LibriVox reading (5 utterances, 25 s, 76 words). No sentence
// is left unseen, so only the gate's figures exist: each utterance decoded by candidates trained on
// the other four.
let librivox = URL(fileURLWithPath: "/usr/share/pocketsphinx/test/data/librivox", isDirectory: true)
if let transcription = try? String(contentsOf: librivox.appendingPathComponent("transcription"), encoding: .utf8) {
    let utterances = transcription.split(separator: "\n").enumerated().compactMap {
        index, line -> CorrectedDictation? in
        guard let open = line.lastIndex(of: "("), let close = line.lastIndex(of: ")") else { return nil }
        let id = line[line.index(after: open)..<close]
        let text = line[..<open].replacingOccurrences(of: "<s>", with: "").replacingOccurrences(of: "</s>", with: "")
        return CorrectedDictation(
            audioFile: librivox.appendingPathComponent("\(id).wav"), text: text,
            created: Date(timeIntervalSince1970: 1_800_000_000 + Double(index) * 60))
    }
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("recognition-bench-\(UUID())")
    defer { try? FileManager.default.removeItem(at: data) }
    let profiles = SpeakerProfiles(directory: data.appendingPathComponent("profiles"))
    let outcome = try await ProfileUpdater(profiles: profiles).update(
        author: "librivox", base: base, source: ListedDictations(["librivox": utterances]), now: Date())
    let kept = outcome.accepted.map { "kept \($0.kind.rawValue.uppercased())" } ?? "refused"
    print(
        "librivox (real speaker, \(utterances.count) utterances, each held back once): stock \(percent(outcome.stock)); "
            + "\(gateFigures(outcome.comparison)); \(kept)")
}
