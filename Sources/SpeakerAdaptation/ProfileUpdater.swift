import Foundation
import SphinxSpeech
import StationCore

/// Trains a new profile for an author from their corrected dictations and keeps it only when it
/// recognizes their own dictations better than what they have now, beyond doubt.
///
/// The evidence rotates (cross-validation): the newest dictations, up to `evaluationLimit`, are split
/// into rounds; each round trains both candidates (MAP and MLLR) on every other dictation and decodes
/// its own with them, so each evaluated dictation is decoded once by candidates that never trained on
/// it. The stock model and the profile in use decode them all, and `ProfileComparison` decides,
/// sentence by sentence. Only a candidate kept is trained once more, on all the dictations, and installed.
/// A few dictations give MLLR (a transform of a few thousand parameters) a chance; MAP, which moves
/// every mean, needs more and takes over when it wins.
public struct ProfileUpdater: Sendable {
    /// Where the profiles are kept: the data directory's files, or another `VoiceProfileStore`.
    public var profiles: any VoiceProfileStore
    public var trainer: ProfileTrainer
    public var scorer: any RecognitionScoring
    /// The fewest usable dictations an update is tried with.
    public var minimumDictations: Int
    /// The most dictations decoded for the comparison (the newest), and the rounds they are split into.
    public var evaluationLimit: Int
    public var rounds: Int
    /// The most dictations one training uses (the newest).
    public var maximumTraining: Int
    /// The clinic's words (`vocabulary add`): dictations holding them are usable too.
    public var vocabulary: ClinicVocabulary?
    /// The phones of a word the dictionary lacks, in a locale (`vocabulary add`'s way: flite for en-US),
    /// or nil when there are none; without it, a dictation holding such a word is left out.
    public var pronounce: (@Sendable (_ word: String, _ locale: String) -> [String]?)?

    public init(
        profiles: any VoiceProfileStore, trainer: ProfileTrainer = ProfileTrainer(),
        scorer: any RecognitionScoring = SphinxScorer(), minimumDictations: Int = 5, evaluationLimit: Int = 40,
        rounds: Int = 5, maximumTraining: Int = 300
    ) {
        self.profiles = profiles
        self.trainer = trainer
        self.scorer = scorer
        self.minimumDictations = max(2, minimumDictations)
        self.evaluationLimit = max(1, evaluationLimit)
        self.rounds = max(2, rounds)
        self.maximumTraining = maximumTraining
    }

    /// What an update did, with the figures to show the author.
    public struct Outcome: Sendable {
        public var author: String
        public var locale: String
        /// The dictations offered, and those usable (audio there, every word said).
        public var dictations: Int
        public var usable: Int
        /// The dictations the comparison decoded, each held back from the candidates it was decoded by.
        public var heldBack: Int
        /// The training of the profile kept (on every usable dictation), if one was.
        public var trained: ProfileTrainer.Result?
        public var comparison: ProfileComparison
        /// The new profile, when one was kept.
        public var accepted: ProfileRecord?
        /// The reports left out (before training, and those it could not align) and the new words.
        public var notes: TrainingNotes
        public var trainingSeconds: Double

        public var stock: WordErrorRate { comparison.stock }
        /// The profile in use before, measured on the same dictations.
        public var previous: WordErrorRate? { comparison.inUse }
        public var candidates: [(kind: ProfileRecord.Kind, errorRate: WordErrorRate)] {
            comparison.candidates.map { ($0.kind, $0.errorRate) }
        }
    }

    /// The words training knows for `base`: its dictionary and the clinic's vocabulary.
    public func dictionary(for base: SpeechModel) throws -> PronunciationDictionary {
        try PronunciationDictionary(contentsOf: base.dictionary)
            .adding((try? vocabulary?.entries(locale: base.locale)) ?? [])
    }

    /// Which of `dictations` training can use for `base`, and the new words it learns.
    public func select(_ dictations: [CorrectedDictation], base: SpeechModel) throws -> DictationSelection {
        let pronounce = self.pronounce
        return DictationSelection(dictations, dictionary: try dictionary(for: base)) { word in
            pronounce?(word, base.locale)
        }
    }

    /// How many of `usable` dictations the comparison decodes.
    public func heldBack(usable: Int) -> Int { min(usable, evaluationLimit) }

    /// How many usable dictations an update needs.
    public func needed(usable: Int) -> Int { minimumDictations }

    /// Trains `author`'s profile for `base`'s locale from `source` and keeps it if it is better.
    public func update(
        author: String, base: SpeechModel, source: any CorrectedDictations, now: Date,
        clock: ContinuousClock = .init()
    ) async throws -> Outcome {
        let started = clock.now
        let author = try SpeakerProfiles.checkedAuthor(author)
        let dictations = try await source.dictations(author: author, locale: base.locale)
        let selection = try select(dictations, base: base)
        let usable = Array(selection.usable.prefix(maximumTraining))
        guard usable.count >= minimumDictations else {
            throw AdaptationError.notEnoughDictations(usable: usable.count, needed: minimumDictations)
        }
        let evaluated = Array(usable.prefix(heldBack(usable: usable.count)))
        let roundCount = min(rounds, evaluated.count)

        let scratch = try profiles.scratchFolder(author: author)
        // It holds copies of the author's audio and texts: gone whatever happens (after a kill, the
        // next training reclaims it, see `SpeakerProfiles.reclaimScratch`).
        defer { try? FileManager.default.removeItem(at: scratch) }
        HoldPoint.reach("profile-training-started")
        let workspace = try await trainer.prepare(usable, base: base, dictionary: selection.dictionary, in: scratch)

        var candidateErrors: [ProfileRecord.Kind: [WordErrorRate]] = [
            .map: Array(repeating: WordErrorRate(), count: evaluated.count),
            .mllr: Array(repeating: WordErrorRate(), count: evaluated.count),
        ]
        var unaligned: Set<Int> = []
        for round in 0..<roundCount {
            let heldOut = evaluated.indices.filter { $0 % roundCount == round }
            let trainOn = usable.indices.filter { !heldOut.contains($0) }
            let folder = scratch.appendingPathComponent("round-\(round)", isDirectory: true)
            let trained = try await trainer.train(workspace, using: trainOn, into: folder)
            unaligned.formUnion(trained.unaligned)
            let held = heldOut.map { usable[$0] }
            for (kind, model) in [(ProfileRecord.Kind.map, trained.mapModel), (.mllr, trained.mllrModel)] {
                let rates = try await scorer.errorRates(
                    of: AdaptedModel.speechModel(acousticModel: model, base: base), on: held)
                for (index, rate) in zip(heldOut, rates) { candidateErrors[kind]?[index] = rate }
            }
            try? FileManager.default.removeItem(at: folder)
        }
        let stock = try await scorer.errorRates(of: base, on: evaluated)
        let current = profiles.model(author: author, base: base)
        let previous = current == base ? nil : try await scorer.errorRates(of: current, on: evaluated)
        let inUseKind = profiles.record(author: author, locale: base.locale)?.kind ?? .map
        let comparison = ProfileComparison(
            date: now, folds: roundCount, words: stock.map(\.words), stock: stock.map(\.errors),
            inUse: previous.map { (inUseKind, $0.map(\.errors)) },
            candidates: [.map, .mllr].map { ($0, candidateErrors[$0, default: []].map(\.errors)) })

        var notes = selection.notes
        notes.leftOut += unaligned.sorted().map { LeftOutReport(report: usable[$0].report, reason: .notAligned) }
        var outcome = Outcome(
            author: author, locale: base.locale, dictations: dictations.count, usable: usable.count,
            heldBack: evaluated.count, comparison: comparison, notes: notes, trainingSeconds: 0)
        guard let kept = comparison.kept, let figures = comparison.candidate(kept) else {
            outcome.trainingSeconds = Self.seconds(clock.now - started)
            return outcome
        }
        // The kept kind, trained once more on every dictation: the rounds only measured it.
        let final = try await trainer.train(
            workspace, using: Array(usable.indices), into: scratch.appendingPathComponent("kept", isDirectory: true))
        let record = ProfileRecord(
            author: author, locale: base.locale, kind: kept, created: now, dictationsOffered: final.offered,
            dictationsAligned: final.aligned, heldBack: evaluated.count, stockErrorRate: comparison.stock,
            profileErrorRate: figures.errorRate, trainingSeconds: Self.seconds(clock.now - started),
            baseModel: base.acousticModel.path, baseFingerprint: AdaptedModel.fingerprint(of: base.acousticModel))
        try profiles.install(model: kept == .map ? final.mapModel : final.mllrModel, record: record, scratch: scratch)
        outcome.trained = final
        outcome.accepted = record
        outcome.trainingSeconds = record.trainingSeconds
        return outcome
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
