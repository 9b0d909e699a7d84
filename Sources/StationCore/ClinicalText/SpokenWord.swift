/// A decoded word where it was said, with what the language model makes of a sentence ending right
/// after it: the input of `SpokenPunctuation` for a finished dictation.
public struct SpokenWord: Sendable, Equatable {
    /// As the decoder spells it.
    public var text: String
    /// Where the word starts and ends in the dictation's audio.
    public var start: Duration
    public var end: Duration
    /// How much likelier the language model finds a sentence end after this word than the sentence
    /// going on to the next word, as a base-10 logarithm (positive: an end is likelier); nil when the
    /// model cannot say (the last word, or no model).
    public var sentenceEnd: Double?

    public init(text: String, start: Duration, end: Duration, sentenceEnd: Double? = nil) {
        self.text = text
        self.start = start
        self.end = end
        self.sentenceEnd = sentenceEnd
    }

    public init(_ word: RecognizedWord, sentenceEnd: Double? = nil) {
        self.init(text: word.text, start: word.start, end: word.end, sentenceEnd: sentenceEnd)
    }
}

/// A spoken command said as one decoder word: the command's words joined by "_" and ending in "_"
/// ("new_paragraph_"), so the decoder can weigh the phrase as a whole (`CommandWeights` in
/// SphinxSpeech). The text and the transcript's words show the phrase's own words.
public enum CommandToken {
    /// The decoder word for `phrase`.
    public static func token(for phrase: [String]) -> String { phrase.joined(separator: "_") + "_" }

    /// The phrase of a command token, or nil for an ordinary word.
    public static func phrase(of word: String) -> [String]? {
        guard word.count > 1, word.hasSuffix("_") else { return nil }
        let parts = word.dropLast().split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        guard parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        return parts
    }

    /// `words` with each command token made into its phrase's words, sharing its time evenly.
    public static func expanded(_ words: [SpokenWord]) -> [SpokenWord] {
        words.flatMap { word -> [SpokenWord] in
            guard let phrase = phrase(of: word.text) else { return [word] }
            let share = (word.end - word.start) / phrase.count
            return phrase.enumerated().map { offset, text in
                SpokenWord(
                    text: text, start: word.start + share * offset,
                    end: offset == phrase.count - 1 ? word.end : word.start + share * (offset + 1),
                    sentenceEnd: offset == phrase.count - 1 ? word.sentenceEnd : nil)
            }
        }
    }

    /// The recognized words with each command token made into its phrase's words.
    public static func expanded(_ words: [RecognizedWord]) -> [RecognizedWord] {
        zip(words, words.map { expanded([SpokenWord($0)]) }).flatMap { word, parts in
            parts.map { RecognizedWord(text: $0.text, start: $0.start, end: $0.end, confidence: word.confidence) }
        }
    }
}
