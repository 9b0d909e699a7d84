/// A canvas in memory, for tests: a grid of cells, each with its character and role.
@MainActor
public final class GridCanvas: Canvas {
    public struct Cell: Equatable, Sendable {
        /// The character shown, "" for the right half of a wide character.
        public var text: String
        public var role: StyleRole
    }

    public let rows: Int
    public let columns: Int
    public private(set) var cells: [[Cell]]
    public private(set) var cursor: Point?

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        cells = Array(repeating: Array(repeating: Cell(text: " ", role: .normal), count: columns), count: rows)
    }

    public func clear() {
        cells = Array(repeating: Array(repeating: Cell(text: " ", role: .normal), count: columns), count: rows)
    }

    public nonisolated func width(of character: Character) -> Int { DisplayWidth.of(character) }

    public func placeCursor(_ point: Point?) { cursor = point }

    public func put(_ text: String, at point: Point, role: StyleRole, limit: Int) {
        guard point.row >= 0, point.row < rows else { return }
        var column = point.column
        let end = min(columns, point.column + limit)
        for character in text {
            let w = width(of: character)
            if w == 0 {
                if column > 0, column - 1 < columns, column - 1 >= max(0, point.column) {
                    cells[point.row][column - 1].text.append(character)
                }
                continue
            }
            if column + w > end { break }
            if column >= 0 {
                cells[point.row][column] = Cell(text: String(character), role: role)
                if w == 2 { cells[point.row][column + 1] = Cell(text: "", role: role) }
            }
            column += w
        }
    }

    /// One row as text, with the right half of wide characters left out, trailing spaces kept.
    public func line(_ row: Int) -> String { cells[row].map(\.text).joined() }

    /// Every row, trailing spaces trimmed, joined by line breaks.
    public var text: String {
        (0..<rows).map { line($0).trimmingTrailingSpaces() }.joined(separator: "\n")
    }

    /// The role of the cell at a position.
    public func role(at point: Point) -> StyleRole { cells[point.row][point.column].role }

    /// Where `needle` first appears, by column, or nil.
    public func find(_ needle: String) -> Point? {
        for row in 0..<rows {
            for column in 0..<columns where !cells[row][column].text.isEmpty {
                if cells[row][column...].map(\.text).joined().hasPrefix(needle) {
                    return Point(row: row, column: column)
                }
            }
        }
        return nil
    }

    /// The role of the first cell of `needle` where it first appears.
    public func role(of needle: String) -> StyleRole? { find(needle).map(role(at:)) }
}
