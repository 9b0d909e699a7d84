import Foundation
import SphinxSpeech
import StationCore

/// Trains a new profile for an author from their corrected dictations and keeps it only when it
/// recognizes their newest dictations, held back from training, better than what they have now.
public struct ProfileUpdater: Sendable {
    public var profiles: SpeakerProfiles
    public var trainer: ProfileTrainer
    public var scorer: any RecognitionScoring
    /// Dictations training needs at least, besides the held-back ones.
    public var minimumTraining: Int
    /// The share of usable dictations held back (newest first), within `heldBackRange`.
    public var heldBackShare: Double
    public var heldBackRange: ClosedRange<Int>
    /// The most dictations one training uses (the newest).
    public var maximumTraining: Int
    /// The clinic's words (`vocabulary add`): dictations holding them are usable too.
    public var vocabulary: ClinicVocabulary?

    public init(
        profiles: SpeakerProfiles, trainer: ProfileTrainer = ProfileTrainer(),
        scorer: any RecognitionScoring = SphinxScorer(), minimumTraining: Int = 20, heldBackShare: Double = 0.2,
        heldBackRange: ClosedRange<Int> = 5...20, maximumTraining: Int = 300
    ) {
        self.profiles = profiles
        self.trainer = trainer
        self.scorer = scorer
        self.minimumTraining = minimumTraining
        self.heldBackShare = heldBackShare
        self.heldBackRange = heldBackRange
        self.maximumTraining = maximumTraining
    }

    /// What an update did, with the figures to show the author.
    public struct Outcome: Sendable {
        public var author: String
        public var locale: String
        /// The dictations offered, and those usable (audio there, every word in the dictionary).
        public var dictations: Int
        public var usable: Int
        public var heldBack: Int
        public var trained: ProfileTrainer.Result?
        public var stock: WordErrorRate
        /// The profile in use before, measured on the same held-back dictations.
        public var previous: WordErrorRate?
        public var candidates: [(kind: ProfileRecord.Kind, errorRate: WordErrorRate)]
        /// The new profile, when one was kept.
        public var accepted: ProfileRecord?
    }

    /// Trains `author`'s profile for `base`'s locale from `source` and keeps it if it is better.
    public func update(
        author: String, base: SpeechModel, source: any CorrectedDictations, now: Date
    ) async throws -> Outcome {
        let author = try SpeakerProfiles.checkedAuthor(author)
        let dictations = try await source.dictations(author: author, locale: base.locale)
        let dictionary = try PronunciationDictionary(contentsOf: base.dictionary)
            .adding((try? vocabulary?.entries(locale: base.locale)) ?? [])
        let usable = dictations.filter { dictation in
            let words = SpokenWords.of(dictation.text)
            return !words.isEmpty && words.allSatisfy(dictionary.knows)
                && FileManager.default.fileExists(atPath: dictation.audioFile.path)
        }
        let heldBackCount = min(
            max(Int((Double(usable.count) * heldBackShare).rounded()), heldBackRange.lowerBound),
            heldBackRange.upperBound)
        guard usable.count >= heldBackCount + minimumTraining else {
            throw AdaptationError.notEnoughDictations(usable: usable.count, needed: heldBackCount + minimumTraining)
        }
        let heldBack = Array(usable.prefix(heldBackCount))
        let training = Array(usable.dropFirst(heldBackCount).prefix(maximumTraining))

        let scratch = try profiles.scratchFolder(author: author)
        // It holds copies of the author's audio and texts: gone whatever happens.
        defer { try? FileManager.default.removeItem(at: scratch) }
        let trained = try await trainer.train(training, base: base, dictionary: dictionary, in: scratch)

        let current = profiles.model(author: author, base: base)
        let stock = try await scorer.errorRate(of: base, on: heldBack)
        let previous = current == base ? nil : try await scorer.errorRate(of: current, on: heldBack)
        var candidates: [(kind: ProfileRecord.Kind, errorRate: WordErrorRate)] = []
        for (kind, folder) in [(ProfileRecord.Kind.map, trained.mapModel), (.mllr, trained.mllrModel)] {
            let model = AdaptedModel.speechModel(acousticModel: folder, base: base)
            candidates.append((kind, try await scorer.errorRate(of: model, on: heldBack)))
        }
        var outcome = Outcome(
            author: author, locale: base.locale, dictations: dictations.count, usable: usable.count,
            heldBack: heldBack.count, trained: trained, stock: stock, previous: previous, candidates: candidates)

        // Strictly better than the stock model and than the profile in use, or nothing changes.
        let bar = min(stock.percent, previous?.percent ?? stock.percent)
        guard let best = candidates.min(by: { $0.errorRate.percent < $1.errorRate.percent }),
            best.errorRate.percent < bar
        else { return outcome }
        let record = ProfileRecord(
            author: author, locale: base.locale, kind: best.kind, created: now, dictationsOffered: trained.offered,
            dictationsAligned: trained.aligned, heldBack: heldBack.count, stockErrorRate: stock,
            profileErrorRate: best.errorRate, trainingSeconds: trained.seconds, baseModel: base.acousticModel.path,
            baseFingerprint: AdaptedModel.fingerprint(of: base.acousticModel))
        try profiles.install(
            model: best.kind == .map ? trained.mapModel : trained.mllrModel, record: record, scratch: scratch)
        outcome.accepted = record
        return outcome
    }
}
