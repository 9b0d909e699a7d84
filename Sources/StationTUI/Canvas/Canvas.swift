/// A place on a canvas: row and column, counted from the top left, in terminal cells.
public struct Point: Sendable, Equatable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// A rectangle of terminal cells.
public struct Rect: Sendable, Equatable {
    public var row: Int
    public var column: Int
    public var height: Int
    public var width: Int

    public init(row: Int, column: Int, height: Int, width: Int) {
        self.row = row
        self.column = column
        self.height = max(0, height)
        self.width = max(0, width)
    }

    public var isEmpty: Bool { height <= 0 || width <= 0 }
    public var bottom: Int { row + height }
    public var right: Int { column + width }

    public func contains(_ point: Point) -> Bool {
        point.row >= row && point.row < bottom && point.column >= column && point.column < right
    }

    /// The rectangle shrunk by `rows` at the top and bottom and `columns` at the sides.
    public func inset(rows: Int = 0, columns: Int = 0) -> Rect {
        Rect(row: row + rows, column: column + columns, height: height - 2 * rows, width: width - 2 * columns)
    }

    /// The first `count` rows, and what is left below them.
    public func splitTop(_ count: Int) -> (top: Rect, rest: Rect) {
        let taken = min(max(0, count), height)
        return (
            Rect(row: row, column: column, height: taken, width: width),
            Rect(row: row + taken, column: column, height: height - taken, width: width)
        )
    }

    /// The last `count` rows, and what is left above them.
    public func splitBottom(_ count: Int) -> (rest: Rect, bottom: Rect) {
        let taken = min(max(0, count), height)
        return (
            Rect(row: row, column: column, height: height - taken, width: width),
            Rect(row: bottom - taken, column: column, height: taken, width: width)
        )
    }

    /// The first `count` columns, and what is left to their right.
    public func splitLeft(_ count: Int) -> (left: Rect, rest: Rect) {
        let taken = min(max(0, count), width)
        return (
            Rect(row: row, column: column, height: height, width: taken),
            Rect(row: row, column: column + taken, height: height, width: width - taken)
        )
    }

    /// A rectangle of at most the given size centred in this one.
    public func centered(height: Int, width: Int) -> Rect {
        let h = min(height, self.height)
        let w = min(width, self.width)
        return Rect(row: row + (self.height - h) / 2, column: column + (self.width - w) / 2, height: h, width: w)
    }
}

/// Where panes draw: text with a style role at a position, clipped to the canvas.
///
/// Views only render through this, so the same code draws to the terminal and to an in-memory grid in tests.
@MainActor
public protocol Canvas: AnyObject {
    /// The number of rows and columns.
    var rows: Int { get }
    var columns: Int { get }
    /// Draws `text` from `point` in `role`, clipped to the canvas's right edge and to `limit` columns.
    /// The text must already be sanitized and single-line; callers go through `CanvasWriter`.
    func put(_ text: String, at point: Point, role: StyleRole, limit: Int)
    /// Clears every cell.
    func clear()
    /// The display width of one character, as this canvas's terminal measures it.
    nonisolated func width(of character: Character) -> Int
    /// Where the terminal's cursor should rest after drawing, or nil to hide it.
    func placeCursor(_ point: Point?)
}
