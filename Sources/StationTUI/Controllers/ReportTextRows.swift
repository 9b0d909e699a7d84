import StationCore

/// A text as the report view shows it: wrapped into rows, each knowing which line and characters it holds.
struct ReportTextRows {
    struct Row {
        var line: Int
        var range: Range<Int>
        var text: String
    }

    let lines: [[Character]]
    let rows: [Row]

    /// `text` wrapped at `width` columns, as `TextFit.wrapLines` wraps it.
    init(_ text: String, width: Int, measure: (Character) -> Int) {
        lines = SafeText.lines(text).map(Array.init)
        var rows: [Row] = []
        for (index, line) in lines.enumerated() {
            guard !line.isEmpty, width > 0 else {
                if width > 0 { rows.append(Row(line: index, range: 0..<0, text: "")) }
                continue
            }
            for segment in WrapLayout.segments(of: line, width: width, measure: measure) {
                rows.append(Row(line: index, range: segment, text: String(line[segment]).trimmingTrailingSpaces()))
            }
        }
        self.rows = rows
    }

    /// The row a mark starts on.
    func row(of mark: UnsureWords.Mark) -> Int? {
        rows.firstIndex { $0.line == mark.line && $0.range.contains(mark.range.lowerBound) }
    }
}

extension Report {
    /// The report as a list reads it: without the decoder's words, so a report read alone compares equal
    /// to the same report in the list.
    var withoutWords: Report {
        var listed = self
        listed.words = []
        return listed
    }
}
