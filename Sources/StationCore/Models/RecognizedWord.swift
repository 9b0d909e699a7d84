import Foundation

/// One word as the decoder recognized it: before spoken punctuation or any formatting, where it was
/// said in the dictation's audio, and how sure the decoder was of it.
public struct RecognizedWord: Sendable, Equatable {
    /// The word as the decoder spells it (lower case for Debian's en-US).
    public var text: String
    /// Where the word starts and ends in the dictation's audio.
    public var start: Duration
    public var end: Duration
    /// The word's posterior probability in the decoder's word lattice, from 0 to 1; nil when the decoder
    /// gave none.
    public var confidence: Double?

    public init(text: String, start: Duration, end: Duration, confidence: Double?) {
        self.text = text
        self.start = start
        self.end = end
        self.confidence = confidence
    }

    /// Below this confidence a word is shown as one the decoder was unsure of. Measured on the dev corpus
    /// (three TTS voices, 300 sentences, 2,115 words, 436 of them wrong): below 0.3 are 66 % of the wrong
    /// words and 23 % of the right ones, so 42 % of the marked words are wrong (21 % of all words are);
    /// 0.2 marks 58 % of the wrong words at the same share, 0.5 marks 74 % but 28 % of the right ones.
    public static let unsureBelow = 0.3

    /// Whether the decoder was unsure of the word (a word without a confidence is not marked).
    public var isUnsure: Bool { (confidence ?? 1) < Self.unsureBelow }
}
