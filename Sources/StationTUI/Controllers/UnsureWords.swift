import StationCore

/// The words of a report's text that the decoder was unsure of: its words lined up with the text in order,
/// ignoring case, so a word corrected, removed or formatted since (spoken punctuation, numbers) marks
/// nothing, and only the words still as the decoder wrote them are marked.
public struct UnsureWords: Sendable, Equatable {
    /// One marked word: where it is in the text, as the screen splits it into lines, and what the decoder
    /// said of it.
    public struct Mark: Sendable, Equatable {
        /// The line (of `SafeText.lines`), and the characters of the word in it.
        public var line: Int
        public var range: Range<Int>
        public var word: RecognizedWord
    }

    public var marks: [Mark]

    public static let none = UnsureWords(marks: [])

    init(marks: [Mark]) { self.marks = marks }

    /// The marks for `words` in `text`.
    public init(words: [RecognizedWord], text: String) {
        guard words.contains(where: \.isUnsure) else {
            marks = []
            return
        }
        var tokens: [(word: String, line: Int, range: Range<Int>)] = []
        for (line, content) in SafeText.lines(text).enumerated() {
            tokens += WordAlignment.words(in: content).map { ($0.word, line, $0.range) }
        }
        marks = WordAlignment.matches(words.map(\.text), tokens.map(\.word)).compactMap { pair in
            let word = words[pair.0]
            guard word.isUnsure else { return nil }
            return Mark(line: tokens[pair.1].line, range: tokens[pair.1].range, word: word)
        }
    }
}

/// A text as the report view shows it: wrapped into rows, each knowing which line and characters it holds.
struct ReportTextRows {
    struct Row {
        var line: Int
        var range: Range<Int>
        var text: String
    }

    let lines: [[Character]]
    let rows: [Row]

    /// `text` wrapped at `width` columns, as `TextFit.wrapLines` wraps it.
    init(_ text: String, width: Int, measure: (Character) -> Int) {
        lines = SafeText.lines(text).map(Array.init)
        var rows: [Row] = []
        for (index, line) in lines.enumerated() {
            guard !line.isEmpty, width > 0 else {
                if width > 0 { rows.append(Row(line: index, range: 0..<0, text: "")) }
                continue
            }
            for segment in WrapLayout.segments(of: line, width: width, measure: measure) {
                rows.append(Row(line: index, range: segment, text: String(line[segment]).trimmingTrailingSpaces()))
            }
        }
        self.rows = rows
    }

    /// The row a mark starts on.
    func row(of mark: UnsureWords.Mark) -> Int? {
        rows.firstIndex { $0.line == mark.line && $0.range.contains(mark.range.lowerBound) }
    }
}

extension Report {
    /// The report as a list reads it: without the decoder's words, so a report read alone compares equal
    /// to the same report in the list.
    var withoutWords: Report {
        var listed = self
        listed.words = []
        return listed
    }
}
