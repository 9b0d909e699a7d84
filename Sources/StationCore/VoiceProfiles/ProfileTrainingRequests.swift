/// Where `ReportDesk` asks for an author's voice profile to be trained, after they corrected or signed
/// one of their own reports. How the request is delivered is the adapter's business: a running station
/// batches them until the corrections pause (`Station`), a one-shot command starts a detached child.
@MainActor
public protocol ProfileTrainingRequests {
    /// `author`'s profile for `locale` may be due: a new corrected dictation of theirs is there.
    func requestTraining(author: String, locale: String)
}
