import Localization

/// The in-place editor: the report's text wrapped as the editor model moves over it, with the cursor.
@MainActor
enum EditorPane {
    static func draw(_ state: ReportEditorState, wrap: WrapContext, into writer: CanvasWriter) {
        let marker = state.text.isDirty ? tr(" · modified") : ""
        let inner = writer.box(title: tr("Editing report #\(state.report.id)\(marker)"), titleRole: .focusedHeading)
        inner.text(tr("Ctrl-S saves a revision · Esc cancels · Ctrl-Z undoes"), row: 0, role: .dim)
        let text = inner.sub(Rect(row: 1, column: 0, height: inner.area.height - 1, width: inner.area.width))
        let rows = state.text.rows(in: wrap)
        let cursorRow = state.text.visualRow(in: wrap)
        let top = min(state.text.scrollTop, max(0, rows.count - 1))
        for row in 0..<text.area.height where top + row < rows.count {
            let visual = rows[top + row]
            var characters = Array(state.text.lines[visual.line][visual.range])
            // A row keeps the spaces at its soft break; those past the edge are not drawn, so a row that
            // fills the width exactly shows its last character instead of an ellipsis.
            while characters.last == " ", text.fit.width(String(characters)) > text.area.width {
                characters.removeLast()
            }
            text.text(String(characters), row: row, role: .input)
        }
        if cursorRow >= top, cursorRow < top + text.area.height {
            text.cursor(row: cursorRow - top, column: state.text.displayColumn(in: wrap))
        }
    }
}
