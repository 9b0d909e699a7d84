/// Moves along lines and words, which need no layout.
extension TextEditorModel {
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
            let rows = rowsOf(cursor.line, in: layout)
            cursor.column = rows[Self.rowIndex(of: cursor.column, in: rows)].lowerBound
        } else {
            cursor.column = 0
        }
        settleMove()
    }

    /// To the end of the visual row the cursor is on (of the line, without a layout).
    public mutating func moveEnd(in layout: WrapContext? = nil) {
        if let layout {
            let rows = rowsOf(cursor.line, in: layout)
            let index = Self.rowIndex(of: cursor.column, in: rows)
            let row = rows[index]
            cursor.column = index == rows.count - 1 ? row.upperBound : max(row.lowerBound, row.upperBound - 1)
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

    /// Puts the cursor at `position` (clamped to the text).
    public mutating func move(to position: TextPosition) {
        let line = min(max(0, position.line), lines.count - 1)
        cursor = TextPosition(line: line, column: min(max(0, position.column), lines[line].count))
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
}
