/// The visual rows each line of the editor's text wraps into, kept between keys: a line is wrapped when
/// the view first needs it, and a key that changes a line rewraps it only from two rows before the change
/// until the rows meet the old ones again. So a key costs what the screen shows, also in a report of one
/// very long line, never what the whole text holds.
struct LineRows: Sendable {
    /// One change to a wrapped line since it was wrapped: where, and how many characters went and came.
    struct Edit: Sendable, Equatable {
        var column: Int
        var removed: Int
        var inserted: Int
    }

    private enum Entry: Sendable {
        case unknown
        case wrapped([Range<Int>])
        case edited([Range<Int>], Edit)
    }

    /// The width the rows were wrapped at; another width starts afresh.
    private(set) var width = 0
    private var entries: [Entry] = []

    /// Forgets every line's rows, for a text of `lineCount` lines.
    mutating func reset(lineCount: Int) {
        entries = Array(repeating: .unknown, count: lineCount)
    }

    /// Line `line` changed within itself.
    mutating func lineEdited(_ line: Int, at column: Int, removed: Int, inserted: Int) {
        guard entries.indices.contains(line) else { return }
        switch entries[line] {
        case .wrapped(let rows):
            entries[line] = .edited(rows, Edit(column: column, removed: removed, inserted: inserted))
        // Two changes before a rewrap are not followed: the line is wrapped afresh.
        case .edited, .unknown: entries[line] = .unknown
        }
    }

    /// Lines `range` were replaced by `count` lines (a line split or joined, text pasted).
    mutating func linesReplaced(_ range: ClosedRange<Int>, byCount count: Int) {
        guard range.upperBound < entries.count else { return reset(lineCount: entries.count - range.count + count) }
        entries.replaceSubrange(range, with: repeatElement(.unknown, count: count))
    }

    /// The rows of `line`, wrapped now if they are not known at this width, and kept.
    mutating func rows(of line: Int, in lines: [[Character]], layout: WrapContext) -> [Range<Int>] {
        if layout.width != width || entries.count != lines.count {
            width = layout.width
            reset(lineCount: lines.count)
        }
        let rows: [Range<Int>]
        switch entries[line] {
        case .wrapped(let known): return known
        case .unknown: rows = WrapLayout.segments(of: lines[line], width: layout.width, measure: layout.measure)
        case .edited(let old, let edit): rows = Self.rewrap(old, after: edit, line: lines[line], layout: layout)
        }
        entries[line] = .wrapped(rows)
        return rows
    }

    /// The rows of `line` without keeping them (for drawing): those known, else wrapped now.
    func peek(_ line: Int, in lines: [[Character]], layout: WrapContext) -> [Range<Int>] {
        if layout.width == width, entries.count == lines.count, case .wrapped(let known) = entries[line] {
            return known
        }
        return WrapLayout.segments(of: lines[line], width: layout.width, measure: layout.measure)
    }

    /// The rows of `line` after `edit`, from the rows it had before: the rows before the change stay, the
    /// line is wrapped again from two rows before it (a shorter word may now fit the row above), and once a
    /// new row starts where an old one did after the change, the rest are the old rows, shifted.
    static func rewrap(_ old: [Range<Int>], after edit: Edit, line: [Character], layout: WrapContext) -> [Range<Int>] {
        guard !line.isEmpty, let first = old.first, first.lowerBound == 0, !first.isEmpty else {
            return WrapLayout.segments(of: line, width: layout.width, measure: layout.measure)
        }
        let delta = edit.inserted - edit.removed
        let changedUpTo = edit.column + edit.inserted
        let oldChangedUpTo = edit.column + edit.removed
        let restart = max(0, lastRow(startingAtOrBefore: edit.column, in: old) - 2)
        var rows = Array(old[..<restart])
        var start = old[restart].lowerBound
        while start < line.count {
            let row = WrapLayout.row(of: line, from: start, width: layout.width, measure: layout.measure)
            rows.append(row)
            start = row.upperBound
            let oldStart = start - delta
            if start >= changedUpTo, oldStart >= oldChangedUpTo, let index = rowIndex(startingAt: oldStart, in: old) {
                rows += old[index...].map { ($0.lowerBound + delta)..<($0.upperBound + delta) }
                return rows
            }
        }
        return rows
    }

    /// The last row starting at or before `column`.
    static func lastRow(startingAtOrBefore column: Int, in rows: [Range<Int>]) -> Int {
        var low = 0
        var high = rows.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if rows[middle].lowerBound <= column { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private static func rowIndex(startingAt column: Int, in rows: [Range<Int>]) -> Int? {
        let index = lastRow(startingAtOrBefore: column, in: rows)
        return rows[index].lowerBound == column && !rows[index].isEmpty ? index : nil
    }
}
