import StationCore

/// A range of a line that follows the text as it changes: one of the decoder's unsure words in the report
/// editor. `tag` says which (the word's index in the report's words).
public struct TextMark: Sendable, Equatable {
    public var line: Int
    public var range: Range<Int>
    public var tag: Int

    public init(line: Int, range: Range<Int>, tag: Int) {
        self.line = line
        self.range = range
        self.tag = tag
    }

    var start: TextPosition { TextPosition(line: line, column: range.lowerBound) }
    var end: TextPosition { TextPosition(line: line, column: range.upperBound) }
}

/// Marks move with the text: text put in before a mark shifts it, and a mark whose word is changed goes.
/// A word is changed when a character of it is, or when a letter typed or removed beside it joins it to
/// another word, by the rule that lines the decoder's words up with a report's text (`WordAlignment`): so
/// what the editor underlines is what the report view will underline once the text is saved.
extension TextEditorModel {
    /// Marks `marks` (in order, each within one line, as `UnsureWords` finds them in `lines`).
    public mutating func setMarks(_ marks: [TextMark]) {
        self.marks = marks.sorted { ($0.line, $0.range.lowerBound) < ($1.line, $1.range.lowerBound) }
    }

    /// The marks on `line`, in order.
    public func marks(onLine line: Int) -> ArraySlice<TextMark> {
        var low = 0
        var high = marks.count
        while low < high {
            let middle = (low + high) / 2
            if marks[middle].line < line { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < marks.count, marks[end].line == line { end += 1 }
        return marks[low..<end]
    }

    /// The mark the cursor is in or right after, which the editor shows as selected.
    public var markAtCursor: Int? {
        marks(onLine: cursor.line).firstIndex {
            $0.range.lowerBound <= cursor.column && cursor.column <= $0.range.upperBound
        }
    }

    /// To the end of the next mark after the cursor (`forward`) or the one before it, going round at the
    /// text's ends; the cursor lands where Ctrl-W takes the word. Returns the mark, or nil when there is none.
    @discardableResult
    public mutating func moveToMark(forward: Bool) -> Int? {
        guard !marks.isEmpty else { return nil }
        let index: Int
        if let current = markAtCursor {
            index = (current + (forward ? 1 : marks.count - 1)) % marks.count
        } else if forward {
            index = marks.firstIndex { $0.start > cursor } ?? 0
        } else {
            index = marks.lastIndex { $0.end < cursor } ?? marks.count - 1
        }
        cursor = marks[index].end
        settleMove()
        return index
    }

    /// After the text from `replaced` became what now ends at `inserted`: marks after it move, marks in it
    /// go, and a mark beside it stays only if its word is still a word of its own.
    mutating func moveMarks(replacing replaced: Range<TextPosition>, upTo inserted: TextPosition) {
        guard !marks.isEmpty else { return }
        let lineShift = inserted.line - replaced.upperBound.line
        var kept: [TextMark] = []
        kept.reserveCapacity(marks.count)
        for var mark in marks {
            let before = mark.end <= replaced.lowerBound
            let after = !before && mark.start >= replaced.upperBound
            // A change within the word takes its mark.
            guard before || after else { continue }
            var near = mark.line == replaced.lowerBound.line && replaced.lowerBound.column - mark.range.upperBound <= 1
            if after {
                near = mark.line == replaced.upperBound.line && mark.range.lowerBound - replaced.upperBound.column <= 1
                if mark.line == replaced.upperBound.line {
                    let shift = inserted.column - replaced.upperBound.column
                    mark.range = (mark.range.lowerBound + shift)..<(mark.range.upperBound + shift)
                }
                mark.line += lineShift
            }
            // Beside the change (an apostrophe away at most), the word must still stand alone.
            if near, !isWholeWord(mark) { continue }
            kept.append(mark)
        }
        marks = kept
    }

    /// Whether the characters of `mark` are still exactly one word of their line, as `WordAlignment` reads it.
    private func isWholeWord(_ mark: TextMark) -> Bool {
        let line = lines[mark.line]
        let (start, end) = (mark.range.lowerBound, mark.range.upperBound)
        guard end <= line.count else { return false }
        let isWord = WordAlignment.isWordCharacter
        if start > 0 {
            let before = line[start - 1]
            if isWord(before) || (before == "'" && start > 1 && isWord(line[start - 2])) { return false }
        }
        if end < line.count {
            let after = line[end]
            if isWord(after) || (after == "'" && end + 1 < line.count && isWord(line[end + 1])) { return false }
        }
        return true
    }
}

extension UnsureWords {
    /// The marks as the editor keeps them: tagged with the word's index in the report's words.
    var editorMarks: [TextMark] {
        marks.map { TextMark(line: $0.line, range: $0.range, tag: $0.wordIndex) }
    }
}
