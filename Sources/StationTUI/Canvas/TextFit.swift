import StationCore

/// Fits text into columns by display width: truncation with an ellipsis, padding, and word wrapping.
public struct TextFit {
    public let measure: (Character) -> Int

    public init(measure: @escaping (Character) -> Int = DisplayWidth.of) { self.measure = measure }

    /// Printable ASCII takes one column a character in every terminal: counted by its bytes.
    public func width(_ text: String) -> Int {
        if SafeText.isPrintableASCII(text) { return text.utf8.count }
        return DisplayWidth.singleCellCount(text) ?? text.reduce(0) { $0 + measure($1) }
    }

    /// The text cut to at most `width` columns, ending in "…" when something was cut.
    public func truncate(_ text: String, to width: Int) -> String { truncated(text, to: width).text }

    /// The text cut to at most `width` columns (ending in "…" when something was cut), and the columns it
    /// takes: measured once, for the screen's every line. Reads no further than the columns it fills,
    /// however long the text.
    public func truncated(_ text: String, to width: Int) -> (text: String, width: Int) {
        guard width > 0 else { return ("", 0) }
        if let cells = DisplayWidth.singleCellCount(text) {
            guard cells > width else { return (text, cells) }
            let kept = text.unicodeScalars.prefix(width - 1)
            return (String(String.UnicodeScalarView(kept)) + "…", width)
        }
        // What fits beside the ellipsis, should one be needed: where it ends, and its width.
        var keptEnd = text.startIndex
        var keptWidth = 0
        var used = 0
        var keeping = true
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            used += measure(text[index])
            if used > width { return (String(text[..<keptEnd]) + "…", keptWidth + measure("…")) }
            if keeping, used <= width - 1 {
                keptEnd = next
                keptWidth = used
            } else {
                keeping = false
            }
            index = next
        }
        return (text, used)
    }

    /// The text truncated and padded with spaces to exactly `width` columns.
    public func pad(_ text: String, to width: Int) -> String {
        let cut = truncate(text, to: width)
        return cut + String(repeating: " ", count: max(0, width - self.width(cut)))
    }

    /// The text right-aligned in `width` columns.
    public func padLeft(_ text: String, to width: Int) -> String {
        let cut = truncate(text, to: width)
        return String(repeating: " ", count: max(0, width - self.width(cut))) + cut
    }

    /// Wraps one paragraph at spaces into lines of at most `width` columns; a word longer than a line is
    /// broken where it must be.
    public func wrap(_ paragraph: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        let characters = Array(paragraph)
        return WrapLayout.segments(of: characters, width: width, measure: measure).map {
            String(characters[$0]).trimmingTrailingSpaces()
        }
    }

    /// Wraps text with line breaks: each line wrapped on its own, empty lines kept.
    public func wrapLines(_ lines: [String], width: Int) -> [String] {
        lines.flatMap { line in line.isEmpty ? [""] : wrap(line, width: width) }
    }
}

/// Where soft line breaks fall in a line of characters; shared by the text views and the editor.
public enum WrapLayout {
    /// Index ranges, one per visual row, covering every character; breaks after a space when it can.
    public static func segments(of line: [Character], width: Int, measure: (Character) -> Int) -> [Range<Int>] {
        guard width > 0, !line.isEmpty else { return [0..<line.count] }
        var result: [Range<Int>] = []
        var start = 0
        while start < line.count {
            let row = row(of: line, from: start, width: width, measure: measure)
            result.append(row)
            start = row.upperBound
        }
        return result
    }

    /// The visual row that starts at `start` (which must be within the line). It depends only on the
    /// characters from `start` on, so the editor rewraps a changed line from where it changed.
    public static func row(
        of line: [Character], from start: Int, width: Int, measure: (Character) -> Int
    )
        -> Range<Int>
    {
        var used = 0
        var end = start
        var lastBreak: Int?
        while end < line.count {
            let w = measure(line[end])
            if used + w > width, end > start { break }
            used += w
            if line[end] == " " { lastBreak = end + 1 }
            end += 1
        }
        // Break at the last space, unless the row ends right before one.
        if end < line.count, line[end] != " ", let lastBreak, lastBreak > start {
            end = lastBreak
        }
        // Spaces at a break stay on the row they end, so the next row starts with a word.
        while end < line.count, line[end] == " " { end += 1 }
        return start..<end
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
