import Foundation

/// The evidence a new profile is kept or refused on: every one of the author's evaluated dictations
/// decoded by the stock model, by the profile in use, and by each candidate trained without it (the
/// held-back dictations rotate: cross-validation), compared sentence by sentence.
public struct ProfileComparison: Codable, Sendable, Equatable {
    /// One candidate's figures: its word errors on the held-back dictations and its test against the
    /// profile in use (the stock model when there is none).
    public struct Candidate: Codable, Sendable, Equatable {
        public var kind: VoiceProfileRecord.Kind
        public var errorRate: WordErrors
        public var test: SignedRankTest

        public init(kind: VoiceProfileRecord.Kind, errorRate: WordErrors, test: SignedRankTest) {
            self.kind = kind
            self.errorRate = errorRate
            self.test = test
        }
    }

    public var date: Date
    /// The dictations compared on, and the rounds each was held back in.
    public var sentences: Int
    public var folds: Int
    public var stock: WordErrors
    /// The profile in use when it was compared, if any.
    public var inUse: WordErrors?
    public var inUseKind: VoiceProfileRecord.Kind?
    public var candidates: [Candidate]
    /// The candidate kept, or nil: refused, what the author had stays.
    public var kept: VoiceProfileRecord.Kind?

    /// A candidate is better beyond doubt when it makes fewer errors than the profile in use (else the
    /// stock model) on these sentences, no more than the stock model does, and a one-sided Wilcoxon
    /// signed-rank test of its per-sentence errors against them gives p below this.
    public static let doubt = 0.05

    /// Decides from per-sentence word errors (the same sentences, in one order, for each).
    public init(
        date: Date, folds: Int, words: [Int], stock: [Int], inUse: (kind: VoiceProfileRecord.Kind, errors: [Int])?,
        candidates: [(kind: VoiceProfileRecord.Kind, errors: [Int])]
    ) {
        func rate(_ errors: [Int]) -> WordErrors {
            WordErrors(errors: errors.reduce(0, +), words: words.reduce(0, +))
        }
        self.date = date
        self.folds = folds
        sentences = words.count
        self.stock = rate(stock)
        self.inUse = inUse.map { rate($0.errors) }
        inUseKind = inUse?.kind
        let reference = inUse?.errors ?? stock
        self.candidates = candidates.map {
            Candidate(
                kind: $0.kind, errorRate: rate($0.errors),
                test: SignedRankTest(reference: reference, candidate: $0.errors))
        }
        let referenceErrors = rate(reference).errors
        let stockErrors = self.stock.errors
        kept =
            self.candidates.filter {
                $0.test.pValue < Self.doubt && $0.errorRate.errors < referenceErrors
                    && $0.errorRate.errors <= stockErrors
            }
            .min { ($0.errorRate.errors, $0.test.pValue) < ($1.errorRate.errors, $1.test.pValue) }?.kind
    }

    /// The figures of one candidate.
    public func candidate(_ kind: VoiceProfileRecord.Kind) -> Candidate? { candidates.first { $0.kind == kind } }
}
