import Localization
import StationCore

/// The in-place editor: the report's text wrapped as the editor model moves over it, with the cursor and
/// the decoder's unsure words underlined (the one the cursor is on stands out). Only the rows on screen
/// are drawn, from the model's top row down.
@MainActor
enum EditorPane {
    static func draw(_ state: ReportEditorState, wrap: WrapContext, into writer: CanvasWriter) {
        let marker = state.text.isDirty ? tr(" · modified") : ""
        let inner = writer.box(title: tr("Editing report #\(state.report.id)\(marker)"), titleRole: .focusedHeading)
        let selected = state.text.markAtCursor
        inner.text(hint(state, selected: selected), row: 0, role: .dim)
        let text = inner.sub(Rect(row: 1, column: 0, height: inner.area.height - 1, width: inner.area.width))
        let cursorRow = state.text.cursorRow(in: wrap)
        var position = state.text.top
        var shown = 0
        while shown < text.area.height, position.line < state.text.lines.count {
            let rows = state.text.peekRows(position.line, in: wrap)
            guard position.row < rows.count else {
                position = RowPosition(line: position.line + 1, row: 0)
                continue
            }
            let line = state.text.lines[position.line]
            let range = rows[position.row]
            var characters = Array(line[range])
            // A row keeps the spaces at its soft break; those past the edge are not drawn, so a row that
            // fills the width exactly shows its last character instead of an ellipsis.
            while characters.last == " ", text.fit.width(String(characters)) > text.area.width {
                characters.removeLast()
            }
            text.text(String(characters), row: shown, role: .input)
            for index in state.text.marks(onLine: position.line).indices {
                let mark = state.text.marks[index]
                let from = max(mark.range.lowerBound, range.lowerBound)
                let to = min(mark.range.upperBound, range.lowerBound + characters.count)
                guard from < to else { continue }
                text.text(
                    String(line[from..<to]), row: shown, column: text.fit.width(String(line[range.lowerBound..<from])),
                    role: index == selected ? .inputUnsureSelected : .inputUnsure)
            }
            if position == cursorRow { text.cursor(row: shown, column: state.text.displayColumn(in: wrap)) }
            shown += 1
            position.row += 1
        }
    }

    /// The line above the text: the keys, or, on an unsure word, which one it is and how sure the decoder was.
    static func hint(_ state: ReportEditorState, selected: Int?) -> String {
        let marks = state.text.marks
        if let selected, state.words.indices.contains(marks[selected].tag) {
            let word = state.words[marks[selected].tag]
            let percent = Int(((word.confidence ?? 0) * 100).rounded())
            let time = ElapsedTimeFormat.string(for: word.start)
            return tr(
                "Unsure word \(selected + 1) of \(marks.count): \(percent) % at \(time) · Ctrl-N next · Ctrl-P previous · Ctrl-W deletes it"
            )
        }
        let keys = tr("Ctrl-S saves a revision · Esc cancels · Ctrl-Z undoes · Ctrl-W deletes a word")
        guard !marks.isEmpty else { return keys }
        return keys + " · "
            + tr(marks.count, one: "Ctrl-N: \(marks.count) unsure word", other: "Ctrl-N: \(marks.count) unsure words")
    }
}
