/// Vertical moves over the rows the view shows: wrapped lines, measured by display width.
extension TextEditorModel {
    /// One row of the wrapped text: which line, and which characters of it.
    public struct VisualRow: Equatable {
        public var line: Int
        public var range: Range<Int>
    }

    /// Every visual row of the text, in order.
    public func rows(in layout: WrapContext) -> [VisualRow] {
        lines.enumerated().flatMap { index, line in
            WrapLayout.segments(of: line, width: layout.width, measure: layout.measure).map {
                VisualRow(line: index, range: $0)
            }
        }
    }

    /// The index of the visual row holding the cursor: a position at a soft break belongs to the next row.
    public func visualRow(in layout: WrapContext) -> Int {
        visualRow(of: cursor, in: rows(in: layout))
    }

    func visualRow(of position: TextPosition, in rows: [VisualRow]) -> Int {
        var candidate = 0
        for (index, row) in rows.enumerated() where row.line == position.line {
            candidate = index
            if position.column < row.range.upperBound { return index }
        }
        return candidate
    }

    /// The display column of the cursor within its visual row.
    public func displayColumn(in layout: WrapContext) -> Int {
        let all = rows(in: layout)
        let row = all[visualRow(of: cursor, in: all)]
        let characters = lines[cursor.line][row.range.lowerBound..<min(cursor.column, row.range.upperBound)]
        return characters.reduce(0) { $0 + layout.measure($1) }
    }

    public mutating func moveUp(in layout: WrapContext) { moveVertically(by: -1, in: layout) }
    public mutating func moveDown(in layout: WrapContext) { moveVertically(by: 1, in: layout) }

    /// Moves a screenful up or down: `rows` visual rows.
    public mutating func movePage(by rowCount: Int, in layout: WrapContext) {
        moveVertically(by: rowCount, in: layout)
    }

    /// Moves `delta` visual rows, keeping the display column it started from across short rows.
    mutating func moveVertically(by delta: Int, in layout: WrapContext) {
        let all = rows(in: layout)
        let current = visualRow(of: cursor, in: all)
        let goal = goalColumn ?? displayColumn(in: layout)
        let target = min(max(0, current + delta), all.count - 1)
        if target == current {
            // At the top or bottom: go to the start or the end, as editors do.
            cursor =
                delta < 0
                ? TextPosition(line: 0, column: 0)
                : TextPosition(
                    line: lines.count - 1, column: lines[lines.count - 1].count)
            goalColumn = nil
            return
        }
        let row = all[target]
        let isLastOfLine = target + 1 >= all.count || all[target + 1].line != row.line
        let limit = isLastOfLine ? row.range.upperBound : max(row.range.lowerBound, row.range.upperBound - 1)
        var column = row.range.lowerBound
        var used = 0
        while column < limit {
            let w = layout.measure(lines[row.line][column])
            if used + w > goal { break }
            used += w
            column += 1
        }
        cursor = TextPosition(line: row.line, column: column)
        goalColumn = goal
    }

    /// Keeps the cursor's row within `height` rows from `scrollTop`.
    public mutating func reveal(height: Int, in layout: WrapContext) {
        let row = visualRow(in: layout)
        if row < scrollTop { scrollTop = row }
        if row >= scrollTop + max(1, height) { scrollTop = row - max(1, height) + 1 }
        scrollTop = max(0, scrollTop)
    }
}
