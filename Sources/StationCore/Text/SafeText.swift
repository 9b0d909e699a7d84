/// Makes any text safe to show on a terminal: control characters, escape sequences and direction
/// overrides become visible symbols, so nothing in a name, a transcript or a file name can reach the
/// terminal as a command. The screen draws through it, and so does everything the command line prints.
public enum SafeText {
    /// One line: line breaks and tabs become visible too (a tab as a space).
    public static func line(_ text: String) -> String {
        // Most text is safe as it is: returned without a copy (the screen draws every text through here).
        if isPrintableASCII(text) || !text.unicodeScalars.contains(where: isUnsafe) { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09: result.append(" ")
            default: append(scalar, to: &result)
            }
        }
        return String(result)
    }

    /// Several lines: keeps line breaks (as "\n") and turns everything else unsafe into symbols.
    public static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line(String($0)) }
    }

    /// Text as printed on a terminal: line breaks and tabs kept, everything else unsafe made visible
    /// (a carriage return, which would let a later line overwrite an earlier one, too).
    public static func text(_ text: String) -> String {
        if isPrintableASCII(text) || !text.unicodeScalars.contains(where: { isUnsafe($0) && $0 != "\t" && $0 != "\n" })
        {
            return text
        }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A: result.append(scalar)
            default: append(scalar, to: &result)
            }
        }
        return String(result)
    }

    /// Whether `text` is printable ASCII only (space to tilde): safe, one column a character, and checked
    /// on its bytes, much faster than scalar by scalar.
    public static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Whether a terminal could take `scalar` as a command or a change of direction: C0 controls
    /// (line breaks and tabs included), DEL, C1 controls (0x9B is a one-byte CSI), the line and
    /// paragraph separators and the bidirectional controls.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
            true
        default:
            false
        }
    }

    private static func append(_ scalar: Unicode.Scalar, to result: inout String.UnicodeScalarView) {
        guard isUnsafe(scalar) else {
            result.append(scalar)
            return
        }
        switch scalar.value {
        case 0x1B:
            result.append("␛")
        case 0x00...0x1F:
            // The Control Pictures block mirrors C0: U+2400 + code.
            result.append(Unicode.Scalar(0x2400 + scalar.value)!)
        case 0x7F:
            result.append("␡")
        default:
            result.append("\u{FFFD}")
        }
    }
}
