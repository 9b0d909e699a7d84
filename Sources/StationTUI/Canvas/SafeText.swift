/// Makes any text safe to draw: control characters, escape sequences and direction overrides become
/// visible symbols, so nothing in a name or a transcript can reach the terminal as a command.
public enum SafeText {
    /// One line: line breaks and tabs become visible too.
    public static func line(_ text: String) -> String {
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

    private static func append(_ scalar: Unicode.Scalar, to result: inout String.UnicodeScalarView) {
        switch scalar.value {
        case 0x1B:
            result.append("␛")
        case 0x00...0x1F:
            // The Control Pictures block mirrors C0: U+2400 + code.
            result.append(Unicode.Scalar(0x2400 + scalar.value)!)
        case 0x7F:
            result.append("␡")
        case 0x80...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
            // C1 controls (0x9B is a one-byte CSI), separators and bidirectional controls.
            result.append("\u{FFFD}")
        default:
            result.append(scalar)
        }
    }
}
