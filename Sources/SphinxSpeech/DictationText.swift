import StationCore

/// The text of a finished dictation from what the decoder found: spoken commands, and sentences and
/// paragraphs where the speaker paused after a complete phrase.
enum DictationText {
    /// The text, and the timed words it was made from (empty when the words alone were used).
    static func text(
        of decoded: SphinxEngine.Decoded, punctuation: SpokenPunctuation
    ) -> (text: String, spoken: [SpokenWord]) {
        // The timed words are the hypothesis's words; should they ever differ, the words alone are used.
        guard decoded.recognized.map(\.text) == decoded.words.map(SphinxDecoder.baseWord),
            decoded.sentenceEnds.count == decoded.recognized.count
        else { return (punctuation.format(decoded.words), []) }
        let words = zip(decoded.recognized, decoded.sentenceEnds).map { SpokenWord($0, sentenceEnd: $1) }
        return (punctuation.format(words, breaks: .standard), words)
    }
}
