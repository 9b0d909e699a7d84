import Localization
import StationCore

/// The text of the open report, wrapped, with the words the decoder was unsure of underlined and the one
/// jumped to (`w`, `W`) standing out.
@MainActor
enum ReportTextView {
    /// What the heading says of the unsure words: how many, or which one is selected.
    static func label(_ view: ReportViewState) -> String {
        let marks = view.shownUnsure.marks
        guard !marks.isEmpty else { return "" }
        guard let selection = view.unsureSelection, marks.indices.contains(selection) else {
            let count = marks.count
            return " · " + tr(count, one: "\(count) unsure word (w)", other: "\(count) unsure words (w)")
        }
        let word = marks[selection].word
        let percent = Int(((word.confidence ?? 0) * 100).rounded())
        return
            " · "
            + tr(
                "unsure word \(selection + 1) of \(marks.count): \(percent) % at \(ElapsedTimeFormat.string(for: word.start))"
            )
    }

    /// Draws the shown text from row `top + 1` to the bottom of `inner`.
    static func draw(_ view: ReportViewState, below top: Int, into inner: CanvasWriter) {
        let body = view.showOriginal ? view.report.originalText : view.report.text
        let text = ReportTextRows(body, width: inner.area.width, measure: inner.fit.measure)
        let room = max(0, inner.area.height - top - 1)
        let first = min(view.scroll, max(0, text.rows.count - room))
        var cursor: (row: Int, column: Int)?
        var marksByLine: [Int: [(index: Int, mark: UnsureWords.Mark)]] = [:]
        for (index, mark) in view.shownUnsure.marks.enumerated() {
            marksByLine[mark.line, default: []].append((index, mark))
        }
        for offset in 0..<room where first + offset < text.rows.count {
            let row = text.rows[first + offset]
            inner.text(row.text, row: top + 1 + offset)
            let characters = text.lines[row.line]
            let end = row.range.lowerBound + row.text.count
            for (index, mark) in marksByLine[row.line] ?? [] {
                let from = max(mark.range.lowerBound, row.range.lowerBound)
                let to = min(mark.range.upperBound, end)
                guard from < to else { continue }
                let column = inner.fit.width(String(characters[row.range.lowerBound..<from]))
                inner.text(
                    String(characters[from..<to]), row: top + 1 + offset, column: column,
                    role: index == view.unsureSelection ? .unsureSelected : .unsure)
                // A screen reader reads where the cursor is: the unsure word selected (w/W), if shown.
                if index == view.unsureSelection, from == mark.range.lowerBound {
                    cursor = (top + 1 + offset, column)
                }
            }
        }
        if text.rows.isEmpty { inner.text(tr("(empty)"), row: top + 1, role: .dim) }
        // Else the first line of text shown.
        inner.cursor(row: cursor?.row ?? top + 1, column: cursor?.column ?? 0)
    }
}
