/// The words of a report's text that the decoder was unsure of: its words lined up with the text in order,
/// ignoring case, so a word corrected, removed or formatted since (spoken punctuation, numbers) marks
/// nothing, and only the words still as the decoder wrote them are marked. The screen underlines them,
/// and a signature says how many of them the signer never went to.
public struct UnsureWords: Sendable, Equatable {
    /// One marked word: where it is in the text, as the screen splits it into lines, and what the decoder
    /// said of it.
    public struct Mark: Sendable, Equatable {
        /// The line (of `SafeText.lines`), and the characters of the word in it.
        public var line: Int
        public var range: Range<Int>
        public var word: RecognizedWord
        /// Which of the report's words it is (its index in `Report.words`), the same in the text and in
        /// the original transcript.
        public var wordIndex: Int
    }

    public var marks: [Mark]

    public static let none = UnsureWords(marks: [])

    init(marks: [Mark]) { self.marks = marks }

    /// The marks for `words` in `text`.
    public init(words: [RecognizedWord], text: String) {
        self.init(words: words, lines: words.contains(where: \.isUnsure) ? SafeText.lines(text) : [])
    }

    /// The marks for `words` in a text given as its lines (the editor's, as it holds them), by the same rule.
    public init(words: [RecognizedWord], lines: [String]) {
        guard words.contains(where: \.isUnsure) else {
            marks = []
            return
        }
        var tokens: [(word: String, line: Int, range: Range<Int>)] = []
        for (line, content) in lines.enumerated() {
            tokens += WordAlignment.words(in: content).map { ($0.word, line, $0.range) }
        }
        marks = WordAlignment.matches(words.map(\.text), tokens.map(\.word)).compactMap { pair in
            let word = words[pair.0]
            guard word.isUnsure else { return nil }
            return Mark(line: tokens[pair.1].line, range: tokens[pair.1].range, word: word, wordIndex: pair.0)
        }
    }
}
