import Foundation
import StationCore

@testable import SpeakerAdaptation
@testable import SphinxSpeech

/// Alice's voice profile, trained once per test run through the product's own flow (`ProfileUpdater`
/// on 70 dev-corpus dictations of flite's slt voice), with both candidates the training made (MAP and
/// MLLR) kept aside for the suites that install one kind on purpose.
enum TrainedVoice {
    struct Trained: Sendable {
        /// A private data folder holding `profiles/` and `candidates/`.
        var root: URL
        var profiles: SpeakerProfiles
        var record: ProfileRecord
        var mapCandidate: URL
        var mllrCandidate: URL
    }

    static let base = DevCorpus.stockModel

    static let alice = Task<Trained, any Error> {
        let root = try DevCorpus.temporaryFolder()
        let profiles = SpeakerProfiles(directory: root.appendingPathComponent("profiles"))
        let candidates = root.appendingPathComponent("candidates", isDirectory: true)
        try FileManager.default.createDirectory(at: candidates, withIntermediateDirectories: true)
        let source = ListedDictations(["alice": try DevCorpus.dictations("slt", 1...70)])
        let updater = ProfileUpdater(profiles: profiles, scorer: KeepingScorer(base: base, keep: candidates))
        let outcome = try await updater.update(
            author: "alice", base: base, source: source, now: Date(timeIntervalSince1970: 1_900_000_000))
        guard let record = outcome.accepted else { throw Refused(candidates: "\(outcome.candidates)") }
        print(
            "alice's profile: \(record.kind), stock \(outcome.stock.percent) %, candidates \(outcome.candidates.map { ($0.kind, $0.errorRate.percent) })"
        )
        return Trained(
            root: root, profiles: profiles, record: record, mapCandidate: candidates.appendingPathComponent("map"),
            mllrCandidate: candidates.appendingPathComponent("mllr"))
    }

    struct Refused: Error { var candidates: String }

    /// The station's transcriber (no installed models: Debian's en-US), with `profiles` as the voice
    /// profiles, as the executable wires it.
    static func stationTranscriber(_ profiles: SpeakerProfiles) -> SphinxTranscriber {
        SphinxTranscriber(
            locator: ModelLocator(modelsDirectory: URL(fileURLWithPath: "/nonexistent/models")), logFile: nil,
            speakers: profiles)
    }

    /// A transcriber that loads exactly `folder` as its acoustic model (an MLLR folder with `-mllr`).
    static func folderTranscriber(_ folder: URL) -> SphinxTranscriber {
        SphinxScorer.transcriber(for: AdaptedModel.speechModel(acousticModel: folder, base: base))
    }

    /// Each dictation's text as `transcriber` decodes it for `speaker`.
    static func texts(
        _ dictations: [CorrectedDictation], _ transcriber: SphinxTranscriber, speaker: String?
    ) async throws -> [String] {
        var texts: [String] = []
        for dictation in dictations {
            texts.append(
                try await transcriber.transcribe(file: dictation.audioFile, locale: "en-US", speaker: speaker).text)
        }
        return texts
    }

    static func errorRate(_ texts: [String], _ dictations: [CorrectedDictation]) -> WordErrorRate {
        zip(texts, dictations).reduce(WordErrorRate()) { total, pair in
            total + WordErrorRate.of(hypothesis: SpokenWords.of(pair.0), reference: SpokenWords.of(pair.1.text))
        }
    }

    /// Makes a copy of `folder` `author`'s `kind` profile, in place of any they had, as an accepted
    /// update does.
    static func install(
        _ folder: URL, as kind: ProfileRecord.Kind, for author: String, in profiles: SpeakerProfiles,
        created: Date = Date(timeIntervalSince1970: 1_900_000_000)
    ) throws {
        let scratch = try profiles.scratchFolder(author: author)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let model = scratch.appendingPathComponent("model", isDirectory: true)
        try FileManager.default.copyItem(at: folder, to: model)
        let record = ProfileRecord(
            author: author, locale: "en-US", kind: kind, created: created, dictationsOffered: 56,
            dictationsAligned: 56, heldBack: 14, stockErrorRate: WordErrorRate(errors: 20, words: 100),
            profileErrorRate: WordErrorRate(errors: 8, words: 100), trainingSeconds: 5,
            baseModel: base.acousticModel.path, baseFingerprint: AdaptedModel.fingerprint(of: base.acousticModel))
        try profiles.install(model: model, record: record, scratch: scratch)
    }

    /// A model folder of the stock model's own parts: a "profile" that decodes as the stock model.
    static func stockCopy(in root: URL) throws -> URL {
        let folder = root.appendingPathComponent("stock-copy-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for part in ["mdef", "feat.params", "noisedict", "means", "variances", "transition_matrices", "sendump"] {
            try FileManager.default.copyItem(
                at: base.acousticModel.appendingPathComponent(part), to: folder.appendingPathComponent(part))
        }
        return folder
    }
}

/// Scores with the real decoder, and copies each candidate model a training made (its folders are
/// removed with the training's scratch folder) to `keep`.
struct KeepingScorer: RecognitionScoring {
    var base: SpeechModel
    var keep: URL

    func errorRates(of model: SpeechModel, on dictations: [CorrectedDictation]) async throws -> [WordErrorRate] {
        let folder = model.acousticModel
        if folder != base.acousticModel, folder.path.contains("/.training-") {
            let copy = keep.appendingPathComponent(folder.lastPathComponent, isDirectory: true)
            try? FileManager.default.removeItem(at: copy)
            try FileManager.default.copyItem(at: folder, to: copy)
        }
        return try await SphinxScorer().errorRates(of: model, on: dictations)
    }
}
