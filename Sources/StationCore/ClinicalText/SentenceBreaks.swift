/// Where a sentence or a paragraph ends in a dictation spoken without punctuation commands: after a
/// pause, when the language model finds a sentence end there likely (`SpokenWord.sentenceEnd`); never
/// on the pause alone, so a breath in the middle of a phrase ("the patient … reports") ends nothing.
///
/// Tuned on the dev corpus by `scripts/bench-sentences` (flite and festival voices, pauses of 0.3–1.5 s).
public struct SentenceBreaks: Sendable, Equatable {
    public enum Break: Sendable, Equatable { case none, sentence, paragraph }

    /// Below this pause no sentence ends, whatever the model says.
    public var shortestPause: Duration
    /// From this pause a sentence ends unless the model is sure it goes on.
    public var longPause: Duration
    /// From this pause a paragraph ends (with its sentence), unless the model is sure the sentence goes on.
    public var paragraphPause: Duration
    /// The model's evidence (log10) from which a pause between `shortestPause` and `longPause` ends
    /// a sentence.
    public var evidenceNeeded: Double
    /// The evidence (log10) below which even a long pause ends nothing: "the", "and", "of" before it.
    public var evidenceAgainst: Double

    public init(
        shortestPause: Duration, longPause: Duration, paragraphPause: Duration, evidenceNeeded: Double,
        evidenceAgainst: Double
    ) {
        self.shortestPause = shortestPause
        self.longPause = longPause
        self.paragraphPause = paragraphPause
        self.evidenceNeeded = evidenceNeeded
        self.evidenceAgainst = evidenceAgainst
    }

    /// The station's settings.
    public static let standard = SentenceBreaks(
        shortestPause: .milliseconds(200), longPause: .milliseconds(800), paragraphPause: .seconds(2),
        evidenceNeeded: -2.0, evidenceAgainst: -3.0)

    /// The quiet between two words.
    public func pause(after word: SpokenWord, before next: SpokenWord) -> Duration {
        max(.zero, next.start - word.end)
    }

    /// What ends between `word` and `next`.
    public func decide(after word: SpokenWord, before next: SpokenWord) -> Break {
        let pause = pause(after: word, before: next)
        guard pause >= shortestPause else { return .none }
        // Without a model's word on it, only a long pause ends a sentence.
        let evidence = word.sentenceEnd ?? (pause >= longPause ? 0 : -.infinity)
        if pause >= paragraphPause { return evidence >= evidenceAgainst ? .paragraph : .none }
        if pause >= longPause { return evidence >= evidenceAgainst ? .sentence : .none }
        return evidence >= evidenceNeeded ? .sentence : .none
    }
}
