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

    nonisolated func width(of character: Character) -> Int {
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return 1 }
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        let measured = Int(wcwidth(wchar_t(bitPattern: first.value)))
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
        } else {
            var used = 0
            for character in text {
                let w = width(of: character)
                if used + w > room { break }
                // Only the scalars the terminal draws in the measured cells: the first and its combining marks.
                for (index, scalar) in character.unicodeScalars.enumerated()
                where index == 0 || wcwidth(wchar_t(bitPattern: scalar.value)) == 0 {
                    scalars.append(wchar_t(bitPattern: scalar.value))
                }
                used += w
            }
        }
        guard !scalars.isEmpty else { return }
        scalars.append(0)
        _ = mvwaddnwstr(ds_stdscr(), Int32(point.row), Int32(point.column), scalars, Int32(scalars.count - 1))
    }
}
