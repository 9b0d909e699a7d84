import Foundation

/// What `profile.json` says about an author's voice profile: what it is, what it was trained on, and
/// the word error rates measured on the author's held-back dictations when it was accepted.
public struct ProfileRecord: Codable, Sendable, Equatable {
    /// How the profile adapts the base model.
    public enum Kind: String, Codable, Sendable { case map, mllr }

    public var author: String
    public var locale: String
    public var kind: Kind
    public var created: Date
    /// Dictations offered to training, and those training could align to their text.
    public var dictationsOffered: Int
    public var dictationsAligned: Int
    /// The newest dictations, kept out of training to measure the profile.
    public var heldBack: Int
    public var stockErrorRate: WordErrorRate
    public var profileErrorRate: WordErrorRate
    public var trainingSeconds: Double
    /// The base acoustic model the profile was trained from, and its fingerprint then: a profile of a
    /// base that has changed since is not used.
    public var baseModel: String
    public var baseFingerprint: String

    public static let fileName = "profile.json"

    /// The points of word error rate the profile took off the stock model's, on the held-back dictations.
    public var gain: Double { stockErrorRate.percent - profileErrorRate.percent }
}
