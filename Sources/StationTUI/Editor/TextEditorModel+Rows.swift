/// A visual row of the text: a line, and which of the rows it wraps into.
public struct RowPosition: Sendable, Equatable, Comparable {
    public var line: Int
    public var row: Int

    public init(line: Int, row: Int) {
        self.line = line
        self.row = row
    }

    public static func < (a: RowPosition, b: RowPosition) -> Bool { (a.line, a.row) < (b.line, b.row) }
}

/// Vertical moves over the rows the view shows: wrapped lines, measured by display width. Each move and
/// the view's scrolling wrap only the lines they pass over (`LineRows` keeps them), never the whole text.
extension TextEditorModel {
    /// One row of the wrapped text: which line, and which characters of it.
    public struct VisualRow: Equatable {
        public var line: Int
        public var range: Range<Int>
    }

    /// Every visual row of the text, in order (the whole text: for tests and small texts only).
    public func rows(in layout: WrapContext) -> [VisualRow] {
        lines.indices.flatMap { line in
            wrapped.peek(line, in: lines, layout: layout).map { VisualRow(line: line, range: $0) }
        }
    }

    /// The index of the visual row holding the cursor, counted over the whole text (for tests).
    public func visualRow(in layout: WrapContext) -> Int {
        let before = lines.indices.prefix(cursor.line).reduce(0) {
            $0 + wrapped.peek($1, in: lines, layout: layout).count
        }
        return before + Self.rowIndex(of: cursor.column, in: wrapped.peek(cursor.line, in: lines, layout: layout))
    }

    /// The rows of `line`, wrapped now if need be and kept.
    mutating func rowsOf(_ line: Int, in layout: WrapContext) -> [Range<Int>] {
        wrapped.rows(of: line, in: lines, layout: layout)
    }

    /// The rows of `line` as the view draws them, without keeping them.
    public func peekRows(_ line: Int, in layout: WrapContext) -> [Range<Int>] {
        wrapped.peek(line, in: lines, layout: layout)
    }

    /// The row of `rows` holding `column`: a position at a soft break belongs to the next row.
    static func rowIndex(of column: Int, in rows: [Range<Int>]) -> Int {
        LineRows.lastRow(startingAtOrBefore: column, in: rows)
    }

    /// The row holding `position`.
    mutating func rowPosition(of position: TextPosition, in layout: WrapContext) -> RowPosition {
        RowPosition(line: position.line, row: Self.rowIndex(of: position.column, in: rowsOf(position.line, in: layout)))
    }

    /// The row holding the cursor, as the view draws it.
    public func cursorRow(in layout: WrapContext) -> RowPosition {
        RowPosition(line: cursor.line, row: Self.rowIndex(of: cursor.column, in: peekRows(cursor.line, in: layout)))
    }

    /// The display column of the cursor within its visual row.
    public func displayColumn(in layout: WrapContext) -> Int {
        let rows = peekRows(cursor.line, in: layout)
        let row = rows[Self.rowIndex(of: cursor.column, in: rows)]
        let characters = lines[cursor.line][row.lowerBound..<min(cursor.column, row.upperBound)]
        return characters.reduce(0) { $0 + layout.measure($1) }
    }

    /// `position` moved `delta` rows down (up when negative), as far as the text goes; and how many rows
    /// it moved.
    mutating func step(_ position: RowPosition, by delta: Int, in layout: WrapContext) -> (RowPosition, moved: Int) {
        var position = position
        var moved = 0
        while moved < abs(delta) {
            if delta > 0 {
                if position.row + 1 < rowsOf(position.line, in: layout).count {
                    position.row += 1
                } else if position.line + 1 < lines.count {
                    position = RowPosition(line: position.line + 1, row: 0)
                } else {
                    break
                }
            } else {
                if position.row > 0 {
                    position.row -= 1
                } else if position.line > 0 {
                    position = RowPosition(
                        line: position.line - 1, row: rowsOf(position.line - 1, in: layout).count - 1)
                } else {
                    break
                }
            }
            moved += 1
        }
        return (position, moved)
    }

    public mutating func moveUp(in layout: WrapContext) { moveVertically(by: -1, in: layout) }
    public mutating func moveDown(in layout: WrapContext) { moveVertically(by: 1, in: layout) }

    /// Moves a screenful up or down: `rows` visual rows.
    public mutating func movePage(by rowCount: Int, in layout: WrapContext) {
        moveVertically(by: rowCount, in: layout)
    }

    /// Moves `delta` visual rows, keeping the display column it started from across short rows.
    mutating func moveVertically(by delta: Int, in layout: WrapContext) {
        let current = rowPosition(of: cursor, in: layout)
        let goal = goalColumn ?? displayColumn(in: layout)
        let (target, moved) = step(current, by: delta, in: layout)
        if moved == 0 {
            // At the top or bottom: go to the start or the end, as editors do.
            cursor =
                delta < 0
                ? TextPosition(line: 0, column: 0)
                : TextPosition(line: lines.count - 1, column: lines[lines.count - 1].count)
            goalColumn = nil
            return
        }
        let rows = rowsOf(target.line, in: layout)
        let row = rows[target.row]
        let isLastOfLine = target.row == rows.count - 1
        let limit = isLastOfLine ? row.upperBound : max(row.lowerBound, row.upperBound - 1)
        var column = row.lowerBound
        var used = 0
        while column < limit {
            let w = layout.measure(lines[target.line][column])
            if used + w > goal { break }
            used += w
            column += 1
        }
        cursor = TextPosition(line: target.line, column: column)
        goalColumn = goal
    }

    /// Keeps the cursor's row within `height` rows from `top`, scrolling as little as it can.
    public mutating func reveal(height: Int, in layout: WrapContext) {
        let height = max(1, height)
        // The text may have become shorter than where the view stood.
        if top.line >= lines.count { top = RowPosition(line: lines.count - 1, row: 0) }
        top.row = min(top.row, rowsOf(top.line, in: layout).count - 1)
        let row = rowPosition(of: cursor, in: layout)
        if row < top {
            top = row
            return
        }
        let highestTop = step(row, by: -(height - 1), in: layout).0
        if highestTop > top { top = highestTop }
    }

    /// Shows the cursor's row with `context` rows above it (fewer at the text's start), as the report view
    /// showed the word it stood on.
    /// As the report view does, it scrolls no further than a screen ending with the text's last row.
    public mutating func scrollToCursor(context: Int, height: Int, in layout: WrapContext) {
        let last = RowPosition(line: lines.count - 1, row: rowsOf(lines.count - 1, in: layout).count - 1)
        let lowest = step(last, by: -(max(1, height) - 1), in: layout).0
        top = min(step(rowPosition(of: cursor, in: layout), by: -max(0, context), in: layout).0, lowest)
        reveal(height: height, in: layout)
    }
}
