import CNcursesw
import StationCore

/// The canvas that draws to the terminal through ncursesw, measuring characters with `wcwidth`.
@MainActor
final class CursesCanvas: Canvas {
    private let theme: CursesTheme
    private(set) var cursor: Point?

    init(theme: CursesTheme) { self.theme = theme }

    var rows: Int { Int(ds_lines()) }
    var columns: Int { Int(ds_cols()) }

    func clear() { werase(ds_stdscr()) }

    func placeCursor(_ point: Point?) { cursor = point }

    /// As the terminal draws it: `wcwidth` of each scalar drawn in a cell of its own (`DisplayWidth.drawn`).
    nonisolated func width(of character: Character) -> Int {
        // Printable ASCII, most of every frame, takes one cell in every terminal.
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return 1 }
        return DisplayWidth.clusterWidth(character, scalarWidth: Self.wcwidthOf)
    }

    nonisolated static func wcwidthOf(_ scalar: Unicode.Scalar) -> Int {
        let measured = Int(wcwidth(wchar_t(bitPattern: scalar.value)))
        // Unprintable (SafeText made controls visible already): one cell, as the fallback draws it.
        return measured < 0 ? 1 : measured
    }

    func put(_ text: String, at point: Point, role: StyleRole, limit: Int) {
        let style = theme.style(role)
        wattr_set(ds_stdscr(), style.attr, style.pair, nil)
        let room = max(0, min(limit, columns - point.column))
        var scalars: [wchar_t] = []
        if SafeText.isPrintableASCII(text) {
            // One cell a byte: no measuring, no grapheme breaking (most of every frame).
            scalars = text.utf8.prefix(room).map { wchar_t($0) }
        } else if DisplayWidth.singleCellCount(text) != nil {
            // One cell a scalar: the borders, marks and dots.
            scalars = text.unicodeScalars.prefix(room).map { wchar_t(bitPattern: $0.value) }
        } else {
            var used = 0
            for character in text {
                let w = width(of: character)
                if used + w > room { break }
                // The scalars the terminal draws in the measured cells, and the zero-width ones on them; a
                // scalar a joiner joins is left out, since curses would give it a cell of its own.
                for drawn in DisplayWidth.drawn(character, scalarWidth: Self.wcwidthOf)
                where drawn.width > 0 || Self.wcwidthOf(drawn.scalar) == 0 {
                    scalars.append(wchar_t(bitPattern: drawn.scalar.value))
                }
                used += w
            }
        }
        guard !scalars.isEmpty else { return }
        scalars.append(0)
        _ = mvwaddnwstr(ds_stdscr(), Int32(point.row), Int32(point.column), scalars, Int32(scalars.count - 1))
    }
}
