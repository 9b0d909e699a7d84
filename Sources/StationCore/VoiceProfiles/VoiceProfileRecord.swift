import Foundation

/// What is known of an author's voice profile: what it is, what it was trained on, and the word error
/// rates measured on the author's own dictations, kept out of its training, when it was accepted.
public struct VoiceProfileRecord: Codable, Sendable, Equatable {
    /// How the profile adapts the base model.
    public enum Kind: String, Codable, Sendable { case map, mllr }

    public var author: String
    public var locale: String
    public var kind: Kind
    public var created: Date
    /// Dictations offered to training, and those training could align to their text.
    public var dictationsOffered: Int
    public var dictationsAligned: Int
    /// The dictations kept out of training to measure the profile.
    public var heldBack: Int
    public var stockErrorRate: WordErrors
    public var profileErrorRate: WordErrors
    public var trainingSeconds: Double
    /// The base acoustic model the profile was trained from, and its fingerprint then: a profile of a
    /// base that has changed since is not used.
    public var baseModel: String
    public var baseFingerprint: String

    public init(
        author: String, locale: String, kind: Kind, created: Date, dictationsOffered: Int, dictationsAligned: Int,
        heldBack: Int, stockErrorRate: WordErrors, profileErrorRate: WordErrors, trainingSeconds: Double,
        baseModel: String, baseFingerprint: String
    ) {
        self.author = author
        self.locale = locale
        self.kind = kind
        self.created = created
        self.dictationsOffered = dictationsOffered
        self.dictationsAligned = dictationsAligned
        self.heldBack = heldBack
        self.stockErrorRate = stockErrorRate
        self.profileErrorRate = profileErrorRate
        self.trainingSeconds = trainingSeconds
        self.baseModel = baseModel
        self.baseFingerprint = baseFingerprint
    }

    /// The points of word error rate the profile took off the stock model's, on the held-back dictations.
    public var gain: Double { stockErrorRate.percent - profileErrorRate.percent }
}

/// What the last training of an author's profile in a locale was offered, whether it was kept, refused
/// or failed: the next one waits for enough new corrected dictations.
public struct VoiceProfileAttempt: Codable, Sendable, Equatable {
    public var date: Date
    /// The usable dictations then, each as its recording and the words said in it.
    public var dictations: Set<String>
    /// The comparison it made, kept or refused (none when it failed before).
    public var comparison: ProfileComparison?

    public init(date: Date, dictations: Set<String>, comparison: ProfileComparison? = nil) {
        self.date = date
        self.dictations = dictations
        self.comparison = comparison
    }
}
