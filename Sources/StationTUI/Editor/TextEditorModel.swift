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
public struct TextEditorModel: Sendable, Equatable {
    public private(set) var lines: [[Character]]
    public internal(set) var cursor = TextPosition(line: 0, column: 0)
    /// The first visual row shown, kept by the screen so the cursor stays in view.
    public var scrollTop = 0
    private let original: String
    private var undoStack: [Snapshot] = []
    private var lastEdit: EditKind?
    /// The display column vertical moves aim for, kept across short lines.
    var goalColumn: Int?

    private struct Snapshot: Sendable, Equatable {
        var lines: [[Character]]
        var cursor: TextPosition
    }

    private enum EditKind: Equatable { case typing, deleting, other }

    /// `original` is what `isDirty` compares with (the text itself unless given: a text edited elsewhere
    /// and brought back into this editor is dirty).
    public init(text: String, original: String? = nil) {
        self.original = original ?? text
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        if lines.isEmpty { lines = [[]] }
    }

    /// The text as it stands.
    public var text: String { lines.map { String($0) }.joined(separator: "\n") }

    /// Whether the text differs from what the editor opened with.
    public var isDirty: Bool { text != original }

    public var canUndo: Bool { !undoStack.isEmpty }

    // MARK: Editing

    /// Inserts text at the cursor; line breaks in it split the line.
    public mutating func insert(_ string: String) {
        guard !string.isEmpty else { return }
        record(string.contains("\n") ? .other : .typing)
        let parts = string.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        let line = lines[cursor.line]
        let head = Array(line[..<cursor.column])
        let tail = Array(line[cursor.column...])
        if parts.count == 1 {
            lines[cursor.line] = head + parts[0] + tail
            cursor.column += parts[0].count
        } else {
            var replacement = [head + parts[0]]
            replacement += parts[1..<(parts.count - 1)]
            replacement.append(parts[parts.count - 1] + tail)
            lines.replaceSubrange(cursor.line...cursor.line, with: replacement)
            cursor = TextPosition(line: cursor.line + parts.count - 1, column: parts[parts.count - 1].count)
        }
        goalColumn = nil
    }

    /// Splits the line at the cursor.
    public mutating func insertNewline() { insert("\n") }

    /// Deletes the character before the cursor, joining with the line above at a line's start.
    public mutating func deleteBackward() {
        if cursor.column > 0 {
            record(.deleting)
            lines[cursor.line].remove(at: cursor.column - 1)
            cursor.column -= 1
        } else if cursor.line > 0 {
            record(.other)
            let previous = lines[cursor.line - 1].count
            lines[cursor.line - 1] += lines[cursor.line]
            lines.remove(at: cursor.line)
            cursor = TextPosition(line: cursor.line - 1, column: previous)
        }
        goalColumn = nil
    }

    /// Deletes the character under the cursor, joining with the line below at a line's end.
    public mutating func deleteForward() {
        if cursor.column < lines[cursor.line].count {
            record(.deleting)
            lines[cursor.line].remove(at: cursor.column)
        } else if cursor.line < lines.count - 1 {
            record(.other)
            lines[cursor.line] += lines[cursor.line + 1]
            lines.remove(at: cursor.line + 1)
        }
        goalColumn = nil
    }

    /// Takes back the last edit (a run of typing counts as one).
    public mutating func undo() {
        guard let snapshot = undoStack.popLast() else { return }
        lines = snapshot.lines
        cursor = snapshot.cursor
        lastEdit = nil
        goalColumn = nil
    }

    private mutating func record(_ kind: EditKind) {
        if kind == .other || kind != lastEdit {
            undoStack.append(Snapshot(lines: lines, cursor: cursor))
            if undoStack.count > 500 { undoStack.removeFirst() }
        }
        lastEdit = kind
    }

    // MARK: Moving along a line

    public mutating func moveLeft() {
        if cursor.column > 0 {
            cursor.column -= 1
        } else if cursor.line > 0 {
            cursor = TextPosition(line: cursor.line - 1, column: lines[cursor.line - 1].count)
        }
        settleMove()
    }

    public mutating func moveRight() {
        if cursor.column < lines[cursor.line].count {
            cursor.column += 1
        } else if cursor.line < lines.count - 1 {
            cursor = TextPosition(line: cursor.line + 1, column: 0)
        }
        settleMove()
    }

    /// To the start of the visual row the cursor is on (of the line, without a layout).
    public mutating func moveHome(in layout: WrapContext? = nil) {
        if let layout {
            let row = rows(in: layout)[visualRow(in: layout)]
            cursor.column = row.range.lowerBound
        } else {
            cursor.column = 0
        }
        settleMove()
    }

    /// To the end of the visual row the cursor is on (of the line, without a layout).
    public mutating func moveEnd(in layout: WrapContext? = nil) {
        if let layout {
            let all = rows(in: layout)
            let index = visualRow(in: layout)
            let row = all[index]
            let isLastOfLine = index + 1 >= all.count || all[index + 1].line != row.line
            cursor.column = isLastOfLine ? row.range.upperBound : max(row.range.lowerBound, row.range.upperBound - 1)
        } else {
            cursor.column = lines[cursor.line].count
        }
        settleMove()
    }

    /// To the start of the previous word, across lines.
    public mutating func moveWordLeft() {
        moveLeftWhile { !$0.isWordCharacter }
        moveLeftWhile { $0.isWordCharacter }
        settleMove()
    }

    /// To the end of the next word, across lines.
    public mutating func moveWordRight() {
        moveRightWhile { !$0.isWordCharacter }
        moveRightWhile { $0.isWordCharacter }
        settleMove()
    }

    /// Moves to the start or the end of the text.
    public mutating func moveToStart() {
        cursor = TextPosition(line: 0, column: 0)
        settleMove()
    }

    public mutating func moveToEnd() {
        cursor = TextPosition(line: lines.count - 1, column: lines[lines.count - 1].count)
        settleMove()
    }

    private mutating func moveLeftWhile(_ condition: (Character) -> Bool) {
        while true {
            if cursor.column == 0 {
                guard cursor.line > 0 else { return }
                // A line break separates words.
                if !condition(" ") { return }
                cursor = TextPosition(line: cursor.line - 1, column: lines[cursor.line - 1].count)
                continue
            }
            guard condition(lines[cursor.line][cursor.column - 1]) else { return }
            cursor.column -= 1
        }
    }

    private mutating func moveRightWhile(_ condition: (Character) -> Bool) {
        while true {
            if cursor.column == lines[cursor.line].count {
                guard cursor.line < lines.count - 1, condition(" ") else { return }
                cursor = TextPosition(line: cursor.line + 1, column: 0)
                continue
            }
            guard condition(lines[cursor.line][cursor.column]) else { return }
            cursor.column += 1
        }
    }

    private mutating func settleMove() {
        lastEdit = nil
        goalColumn = nil
    }
}

extension Character {
    var isWordCharacter: Bool { isLetter || isNumber || self == "_" || self == "'" }
}
