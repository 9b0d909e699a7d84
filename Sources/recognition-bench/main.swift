import Foundation
import SpeakerAdaptation
import SphinxSpeech
import StationCore

// scripts/bench-recognition: per TTS voice of the dev corpus, one author dictates sentences 1…TRAIN
// (corrected); `ProfileUpdater` trains and gates their profile as `profiles update` does; then the
// word error rate on the unseen sentences TRAIN+1… is measured with the stock model, with the author's
// own profile, and with the previous voice's profile misapplied (what the gate and the per-author lookup
// prevent).
//
//   recognition-bench CORPUS_DIR TRAIN VOICE...     (CORPUS_DIR/VOICE/NNN.wav + NNN.txt)

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 3, let trainCount = Int(arguments[arguments.startIndex + 1]) else {
    FileHandle.standardError.write(Data("usage: recognition-bench CORPUS_DIR TRAIN VOICE...\n".utf8))
    exit(2)
}
let corpus = URL(fileURLWithPath: arguments[arguments.startIndex], isDirectory: true)
let voices = Array(arguments.dropFirst(2))

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

let base = ModelLocator.debianModels[0]
let data = FileManager.default.temporaryDirectory.appendingPathComponent("recognition-bench-\(getpid())")
defer { try? FileManager.default.removeItem(at: data) }
let profiles = SpeakerProfiles(directory: data.appendingPathComponent("profiles"))
let scorer = SphinxScorer()
var byAuthor: [String: [CorrectedDictation]] = [:]
for voice in voices { byAuthor[voice] = try dictations(voice, 1...trainCount) }
let source = ListedDictations(byAuthor)

print(
    "voice    | held back: stock → kept (kind)   | unseen: stock → own profile  | previous voice's profile | training")
var totals = (stock: WordErrorRate(), own: WordErrorRate())
for (index, voice) in voices.enumerated() {
    let outcome = try await ProfileUpdater(profiles: profiles).update(
        author: voice, base: base, source: source, now: Date())
    let unseen = try dictations(voice, trainCount + 1...999)
    let stock = try await scorer.errorRate(of: base, on: unseen)
    let own = try await scorer.errorRate(of: profiles.model(author: voice, base: base), on: unseen)
    totals = (totals.stock + stock, totals.own + own)
    let kept = outcome.accepted.map { "\(percent($0.profileErrorRate)) (\($0.kind.rawValue))" } ?? "refused      "
    // The previous voice's profile, when it has one, misapplied to this voice.
    var misapplied = "  –"
    if index > 0, profiles.record(author: voices[index - 1], locale: base.locale) != nil {
        let other = try await scorer.errorRate(of: profiles.model(author: voices[index - 1], base: base), on: unseen)
        misapplied = "\(percent(other)) (\(voices[index - 1]))"
    }
    let seconds = outcome.trained.map { String(format: "%.1f s", $0.seconds) } ?? "–"
    print(
        "\(voice.padding(toLength: 8, withPad: " ", startingAt: 0)) | \(percent(outcome.stock)) → \(kept) | "
            + "\(percent(stock)) → \(percent(own)) (\(unseen.count) sentences) | \(misapplied) | \(seconds), "
            + "\(outcome.trained?.aligned ?? 0)/\(outcome.trained?.offered ?? 0) aligned")
}
print("all      | unseen: stock \(percent(totals.stock)) → own profiles \(percent(totals.own))")
