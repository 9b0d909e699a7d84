import Foundation
import StationCore

// Everything the command line prints goes through here: text for a person through the screen's
// sanitizer (escape sequences and control characters shown as symbols), JSON with every such character
// escaped, so nothing stored, named or passed as a file name can command the terminal.

/// Prints text for a person, made safe for a terminal (`SafeText.text`).
public func printText(_ text: String, terminator: String = "\n") {
    print(SafeText.text(text), terminator: terminator)
}

/// Writes to standard error, made safe for a terminal like `printText`.
public func printError(_ text: String, terminator: String = "\n") {
    FileHandle.standardError.write(Data((SafeText.text(text) + terminator).utf8))
}

/// Prints JSON for programs; see `TerminalSafeJSON`.
func printJSON(_ data: Data) {
    print(TerminalSafeJSON.escape(String(decoding: data, as: UTF8.self)), terminator: "")
}

/// JSON with no raw control characters: JSON lets DEL, C1 controls, the line separators and the
/// bidirectional controls stand unescaped in strings, and a terminal would act on them. Each becomes a
/// `\uXXXX` escape, so a parser still reads the exact text. The layout's own line breaks, tabs and
/// spaces are kept (outside strings; inside them JSON already escapes C0).
enum TerminalSafeJSON {
    static func escape(_ json: String) -> String {
        var result = ""
        for scalar in json.unicodeScalars {
            if SafeText.isUnsafe(scalar), ![0x09, 0x0A, 0x0D].contains(scalar.value) {
                result += String(format: "\\u%04X", scalar.value)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// A field of tab-separated output kept on one line and safe for a terminal: backslash, tab and line
/// breaks as `\\`, `\t`, `\n`, `\r`, every other control character as `\uXXXX`.
func tsvField(_ field: String) -> String {
    var result = ""
    for scalar in field.unicodeScalars {
        switch scalar {
        case "\\": result += "\\\\"
        case "\t": result += "\\t"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        default:
            if SafeText.isUnsafe(scalar) {
                result += String(format: "\\u%04X", scalar.value)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result
}
