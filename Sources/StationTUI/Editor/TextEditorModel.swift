/// A position in the editor's text: a line and a character index in it.
public struct TextPosition: Sendable, Equatable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: TextPosition, b: TextPosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// How the editor's view wraps lines, which vertical moves follow: the width and the measure of a character.
public struct WrapContext {
    public var width: Int
    public var measure: (Character) -> Int

    public init(width: Int, measure: @escaping (Character) -> Int = DisplayWidth.of) {
        self.width = max(1, width)
        self.measure = measure
    }
}

/// A multi-line text being edited: lines of characters (grapheme clusters, so an accent or an emoji is
/// one step), a cursor, undo, and whether anything changed. Pure state; the view draws it.
///
/// Every edit goes through `replace`, which also moves the marks (`TextMark`) with the text and tells the
/// wrapped rows (`LineRows`) which line changed and where: a key costs what the screen shows, not what
/// the whole text holds.
public struct TextEditorModel: Sendable {
    public private(set) var lines: [[Character]]
    public internal(set) var cursor = TextPosition(line: 0, column: 0)
    /// The first row shown, kept by the screen so the cursor stays in view.
    public var top = RowPosition(line: 0, row: 0)
    /// Ranges of the text that follow it as it changes: the decoder's unsure words in the report editor.
    public internal(set) var marks: [TextMark] = []
    /// The rows each line wraps into at the view's width, kept between keys.
    var wrapped = LineRows()
    private let originalLines: [[Character]]
    private var undoStack: [Snapshot] = []
    private var lastEdit: EditKind?
    /// The display column vertical moves aim for, kept across short lines.
    var goalColumn: Int?

    private struct Snapshot: Sendable {
        var lines: [[Character]]
        var cursor: TextPosition
        var marks: [TextMark]
        var wrapped: LineRows
    }

    private enum EditKind: Equatable { case typing, deleting, other }

    /// `original` is what `isDirty` compares with (the text itself unless given: a text edited elsewhere
    /// and brought back into this editor is dirty).
    public init(text: String, original: String? = nil) {
        lines = Self.split(text)
        originalLines = original.map(Self.split) ?? lines
        wrapped.reset(lineCount: lines.count)
    }

    private static func split(_ text: String) -> [[Character]] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        return lines.isEmpty ? [[]] : lines
    }

    /// The text as it stands.
    public var text: String { lines.map { String($0) }.joined(separator: "\n") }

    /// Whether the text differs from what the editor opened with. Lines no edit touched still share their
    /// storage with the original, so this compares only the lines that changed.
    public var isDirty: Bool { lines != originalLines }

    public var canUndo: Bool { !undoStack.isEmpty }

    // MARK: Editing

    /// Inserts text at the cursor; line breaks in it split the line.
    public mutating func insert(_ string: String) {
        guard !string.isEmpty else { return }
        record(string.contains("\n") ? .other : .typing)
        replace(from: cursor, to: cursor, with: Self.split(string))
    }

    /// Splits the line at the cursor.
    public mutating func insertNewline() { insert("\n") }

    /// Deletes the character before the cursor, joining with the line above at a line's start.
    public mutating func deleteBackward() {
        if cursor.column > 0 {
            record(.deleting)
            replace(from: TextPosition(line: cursor.line, column: cursor.column - 1), to: cursor, with: [[]])
        } else if cursor.line > 0 {
            record(.other)
            replace(
                from: TextPosition(line: cursor.line - 1, column: lines[cursor.line - 1].count), to: cursor, with: [[]])
        }
    }

    /// Deletes the character under the cursor, joining with the line below at a line's end.
    public mutating func deleteForward() {
        let start = cursor
        if cursor.column < lines[cursor.line].count {
            record(.deleting)
            replace(from: start, to: TextPosition(line: cursor.line, column: cursor.column + 1), with: [[]])
        } else if cursor.line < lines.count - 1 {
            record(.other)
            replace(from: start, to: TextPosition(line: cursor.line + 1, column: 0), with: [[]])
        }
        cursor = start
    }

    /// Deletes the word before the cursor, with the spaces and marks between it and the cursor (Ctrl-W,
    /// Ctrl-Backspace, Alt-Backspace), as shells and editors do; within the line: at its start, the line
    /// break goes, as with Backspace.
    public mutating func deleteWordBackward() {
        guard cursor.column > 0 else { return deleteBackward() }
        let line = lines[cursor.line]
        var column = cursor.column
        while column > 0, !line[column - 1].isWordCharacter { column -= 1 }
        while column > 0, line[column - 1].isWordCharacter { column -= 1 }
        // A deletion of its own in undo: Ctrl-Z brings the word back at once.
        record(.other)
        replace(from: TextPosition(line: cursor.line, column: column), to: cursor, with: [[]])
    }

    /// Takes back the last edit (a run of typing counts as one).
    public mutating func undo() {
        guard let snapshot = undoStack.popLast() else { return }
        lines = snapshot.lines
        cursor = snapshot.cursor
        marks = snapshot.marks
        wrapped = snapshot.wrapped
        lastEdit = nil
        goalColumn = nil
    }

    private mutating func record(_ kind: EditKind) {
        if kind == .other || kind != lastEdit {
            undoStack.append(Snapshot(lines: lines, cursor: cursor, marks: marks, wrapped: wrapped))
            if undoStack.count > 500 { undoStack.removeFirst() }
        }
        lastEdit = kind
    }

    /// The one edit: the text from `start` up to `end` becomes `parts` (lines: one part is text within a
    /// line), and the cursor goes to the end of what was put in. The marks and the wrapped rows follow.
    private mutating func replace(from start: TextPosition, to end: TextPosition, with parts: [[Character]]) {
        let inserted: TextPosition
        if start.line == end.line, parts.count == 1 {
            // Within one line, in place: a key in a long line moves its tail, never copies the line.
            lines[start.line].replaceSubrange(start.column..<end.column, with: parts[0])
            inserted = TextPosition(line: start.line, column: start.column + parts[0].count)
            wrapped.lineEdited(
                start.line, at: start.column, removed: end.column - start.column, inserted: parts[0].count)
        } else {
            let head = lines[start.line][..<start.column]
            let tail = lines[end.line][end.column...]
            var replacement = parts
            replacement[0] = Array(head) + parts[0]
            inserted = TextPosition(line: start.line + parts.count - 1, column: replacement[parts.count - 1].count)
            replacement[parts.count - 1] += tail
            lines.replaceSubrange(start.line...end.line, with: replacement)
            wrapped.linesReplaced(start.line...end.line, byCount: parts.count)
        }
        moveMarks(replacing: start..<end, upTo: inserted)
        cursor = inserted
        goalColumn = nil
    }

    /// Leaves a run of typing or deleting, so the next edit undoes on its own.
    mutating func settleMove() {
        lastEdit = nil
        goalColumn = nil
    }
}

extension TextEditorModel: Equatable {
    /// Equal when they show the same: the text, the cursor, the view's top, the marks and the original.
    public static func == (a: TextEditorModel, b: TextEditorModel) -> Bool {
        a.lines == b.lines && a.cursor == b.cursor && a.top == b.top && a.marks == b.marks
            && a.originalLines == b.originalLines
    }
}

extension Character {
    var isWordCharacter: Bool { isLetter || isNumber || self == "_" || self == "'" }
}
