import Foundation

/// The port through which the station has an author's voice profile retrained from their corrected
/// dictations. The adapter decides whether an update is due and runs it out of the station's way;
/// the station only asks after its author corrected or signed one of their reports, and tells them
/// what came of it.
public protocol VoiceProfileTraining: Sendable {
    /// Trains `author`'s profile for `locale` when enough new corrected dictations are there.
    func trainIfDue(author: String, locale: String) async -> VoiceProfileTrainingOutcome
}

/// What a request to train came to, with the figures to show the author (never any patient text).
public enum VoiceProfileTrainingOutcome: Sendable, Equatable {
    /// No profile yet: `usable` of the `needed` corrected dictations are there.
    case collecting(locale: String, usable: Int, needed: Int)
    /// Too few new corrected dictations since the last training; nothing to say.
    case notDue
    /// Another training on the data directory was waiting to run and takes this request too; what it
    /// did goes to station.log.
    case joined(locale: String)
    /// A new profile is in use: its word error rate on the author's newest dictations (held back from
    /// training), against what decoded them before (the profile in use, else the stock model).
    case updated(locale: String, before: Double, after: Double, heldBack: Int)
    /// The new profile was not better than what the author has, so nothing changed.
    case kept(locale: String, current: Double, candidate: Double, heldBack: Int)
    /// The training could not run or ended early; `reason` says why, for the author.
    case failed(locale: String, reason: String)
    /// An outcome, with what the author should know about the dictations it was offered: reports
    /// left out and why, new words.
    indirect case noted(VoiceProfileTrainingOutcome, TrainingNotes)

    /// The outcome without its notes.
    public var plain: VoiceProfileTrainingOutcome {
        if case .noted(let outcome, _) = self { return outcome.plain }
        return self
    }

    /// Its notes, if any.
    public var notes: TrainingNotes {
        if case .noted(_, let notes) = self { return notes }
        return TrainingNotes()
    }
}
