/// The number of terminal columns a character (a grapheme cluster) takes, as a terminal that follows
/// `wcwidth` draws it (tmux, xterm, the Linux console): the width of its first scalar, plus that of each
/// further scalar the terminal does not join to it. Combining marks, variation selectors (an emoji's
/// VS16 does not widen it), zero-width joiners and the scalar a joiner joins, and a flag's two regional
/// indicators take two together; a skin-tone modifier takes its own two. The curses canvas measures the
/// same way with the C library's `wcwidth` per scalar; this is the pure Swift one, for the command line
/// and the tests.
public enum DisplayWidth {
    public static func of(_ character: Character) -> Int {
        // Printable ASCII, most of every frame, takes one column in every terminal.
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return 1 }
        return clusterWidth(character, scalarWidth: scalarWidth)
    }

    /// The width of a whole string.
    public static func of(_ text: String, measure: (Character) -> Int = DisplayWidth.of) -> Int {
        text.reduce(0) { $0 + measure($1) }
    }

    /// The columns of `text` when each of its scalars takes one cell alone and never joins another into a
    /// cluster: printable ASCII and Latin-1, general punctuation, arrows, box drawing, blocks and shapes,
    /// which make the borders, marks and dots of every frame. Nil for any other text, which is measured
    /// character by character (grapheme breaking and a width per cluster, ten times the work).
    public static func singleCellCount(_ text: String) -> Int? {
        var count = 0
        for scalar in text.unicodeScalars {
            guard isSingleCell(scalar.value) else { return nil }
            count += 1
        }
        return count
    }

    /// One cell, whatever comes before or after it: no mark, format, joiner, wide or emoji character.
    static func isSingleCell(_ value: UInt32) -> Bool {
        switch value {
        // 0xAD, the soft hyphen, is a format character (zero width); ◽◾ (0x25FD, 0x25FE) are emoji.
        case 0x20..<0x7F, 0xA0..<0xAD, 0xAE...0x2FF, 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x21FF,
            0x2500...0x25FA:
            return true
        default:
            return false
        }
    }

    /// The scalars of `character` a terminal draws in cells of their own, with their widths; zero-width
    /// ones (combining marks, selectors, joiners) attach to the cell before them.
    public static func drawn(
        _ character: Character, scalarWidth: (Unicode.Scalar) -> Int
    ) -> [(scalar: Unicode.Scalar, width: Int)] {
        var result: [(scalar: Unicode.Scalar, width: Int)] = []
        var joined = false
        var previousWasRegionalIndicator = false
        for scalar in character.unicodeScalars {
            defer { previousWasRegionalIndicator = isRegionalIndicator(scalar) }
            if result.isEmpty {
                result.append((scalar, max(0, scalarWidth(scalar))))
                continue
            }
            if joined {
                joined = false
                continue
            }
            if scalar.value == 0x200D {
                joined = true
                result.append((scalar, 0))
                continue
            }
            // A flag is two regional indicators in two cells, whatever one of them measures alone.
            if isRegionalIndicator(scalar), previousWasRegionalIndicator, let first = result.last {
                result.append((scalar, max(0, 2 - first.width)))
                continue
            }
            result.append((scalar, max(0, scalarWidth(scalar))))
        }
        return result
    }

    /// The width of `character` with `scalarWidth` measuring each scalar drawn.
    public static func clusterWidth(_ character: Character, scalarWidth: (Unicode.Scalar) -> Int) -> Int {
        drawn(character, scalarWidth: scalarWidth).reduce(0) { $0 + $1.width }
    }

    /// One scalar, as `wcwidth` measures it: zero-width marks and formats none, East Asian wide and
    /// fullwidth characters and emoji presented as emoji two, everything else one.
    public static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        if isZeroWidth(scalar) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return isWide(scalar.value) ? 2 : 1
    }

    static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool { (0x1F1E6...0x1F1FF).contains(scalar.value) }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return scalar.value == 0x200B || (0x1160...0x11FF).contains(scalar.value)
        }
    }

    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
