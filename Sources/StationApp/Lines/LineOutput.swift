import StationCore
import StationSystem

/// Writes the line mode's sentences: each one whole, on one line, made safe for a terminal (no escape
/// sequence from a report or a session's name reaches it), at once (no buffer holds a line back from a
/// screen reader, a pipe or a log).
enum LineOutput {
    /// Writes `sentence` on a line of its own to `descriptor`; a text of several lines goes line by line.
    static func say(_ sentence: String, to descriptor: FileDescriptor = .standardOutput) {
        let lines = SafeText.lines(sentence).map { $0 + "\n" }.joined()
        // A reader that went away (a closed pipe) is not the station's failure: it goes on, unread.
        try? descriptor.writeAll(lines)
    }
}
