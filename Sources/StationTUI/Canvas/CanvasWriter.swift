import Localization
import StationCore

/// Draws into a rectangle of a canvas: sanitizes every text, measures it as the canvas does, and clips
/// it to the rectangle. Panes draw only through a writer.
@MainActor
public struct CanvasWriter {
    public let canvas: any Canvas
    public let area: Rect

    public init(canvas: any Canvas, area: Rect) {
        self.canvas = canvas
        self.area = area
    }

    public var fit: TextFit {
        let canvas = canvas
        return TextFit(measure: { canvas.width(of: $0) })
    }

    /// A writer for a part of this area, given relative to it and clipped to it.
    public func sub(_ rect: Rect) -> CanvasWriter {
        let row = area.row + rect.row
        let column = area.column + rect.column
        let top = max(row, area.row)
        let left = max(column, area.column)
        let bottom = min(row + rect.height, area.bottom)
        let right = min(column + rect.width, area.right)
        return CanvasWriter(
            canvas: canvas, area: Rect(row: top, column: left, height: bottom - top, width: right - left))
    }

    /// Writes one line of any text at a row and column relative to the area, cut at the area's edge.
    /// Returns the column after the text.
    @discardableResult
    public func text(_ raw: String, row: Int, column: Int = 0, role: StyleRole = .normal, width: Int? = nil) -> Int {
        guard row >= 0, row < area.height, column < area.width else { return column }
        let room = min(width ?? Int.max, area.width - column)
        guard room > 0 else { return column }
        let (safe, width) = fit.truncated(SafeText.line(raw), to: room)
        canvas.put(safe, at: Point(row: area.row + row, column: area.column + column), role: role, limit: room)
        return column + width
    }

    /// Fills a whole row of the area with `role`, then writes the text on it.
    public func bar(_ raw: String, row: Int, role: StyleRole) {
        fill(row: row, role: role)
        text(raw, row: row, role: role)
    }

    /// Fills a row with spaces in `role`.
    public func fill(row: Int, role: StyleRole) {
        guard row >= 0, row < area.height, area.width > 0 else { return }
        canvas.put(
            String(repeating: " ", count: area.width), at: Point(row: area.row + row, column: area.column), role: role,
            limit: area.width)
    }

    /// Fills the whole area with spaces in `role`.
    public func fillAll(role: StyleRole) {
        for row in 0..<area.height { fill(row: row, role: role) }
    }

    /// Draws a frame on the area's border with a title; returns the inner area's writer.
    public func box(title: String, role: StyleRole = .normal, titleRole: StyleRole = .heading) -> CanvasWriter {
        guard area.height >= 2, area.width >= 2 else { return sub(Rect(row: 0, column: 0, height: 0, width: 0)) }
        // Repeating a String copies bytes; repeating a Character appends one cluster at a time.
        let horizontal = String(repeating: "─" as String, count: max(0, area.width - 2))
        text("┌" + horizontal + "┐", row: 0, role: role)
        let blank = String(repeating: " ", count: area.width - 2)
        for row in 1..<(area.height - 1) {
            text("│", row: row, role: role)
            text(blank, row: row, column: 1, role: role)
            text("│", row: row, column: area.width - 1, role: role)
        }
        text("└" + horizontal + "┘", row: area.height - 1, role: role)
        if !title.isEmpty { text(" \(title) ", row: 0, column: 2, role: titleRole, width: area.width - 4) }
        return sub(Rect(row: 1, column: 1, height: area.height - 2, width: area.width - 2))
    }

    /// Places the terminal cursor at a position relative to the area.
    public func cursor(row: Int, column: Int) {
        canvas.placeCursor(Point(row: area.row + row, column: area.column + min(column, max(0, area.width - 1))))
    }

    /// On a box's border (this writer's area): "↑ N more" at the top right and "↓ N more" at the bottom
    /// right, for the rows of a list scrolled out of view.
    public func scrollMarks(above: Int, below: Int) {
        guard area.height >= 2 else { return }
        for (count, mark, row) in [(above, "↑", 0), (below, "↓", area.height - 1)] where count > 0 {
            let label = tr(" \(mark) \(count) more ")
            text(label, row: row, column: max(2, area.width - fit.width(label) - 2), role: .dim)
        }
    }
}
