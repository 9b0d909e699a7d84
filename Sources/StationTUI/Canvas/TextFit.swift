/// Fits text into columns by display width: truncation with an ellipsis, padding, and word wrapping.
public struct TextFit {
    public let measure: (Character) -> Int

    public init(measure: @escaping (Character) -> Int = DisplayWidth.of) { self.measure = measure }

    public func width(_ text: String) -> Int { text.reduce(0) { $0 + measure($1) } }

    /// The text cut to at most `width` columns, ending in "…" when something was cut. Reads no further
    /// than the columns it fills, however long the text.
    public func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        var kept = ""
        var used = 0
        var keeping = true
        for character in text {
            used += measure(character)
            if used > width { return kept + "…" }
            // What fits beside the ellipsis, should one be needed.
            if keeping, used <= width - 1 { kept.append(character) } else { keeping = false }
        }
        return text
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
            result.append(start..<end)
            start = end
        }
        return result
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
