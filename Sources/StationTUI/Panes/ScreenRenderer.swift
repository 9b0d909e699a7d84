/// Draws the whole screen from the model: the panes by the layout, then whatever is on top.
@MainActor
public enum ScreenRenderer {
    public static func render(_ model: ScreenModel, on canvas: any Canvas) {
        canvas.clear()
        canvas.placeCursor(nil)
        let layout = ScreenLayout(rows: canvas.rows, columns: canvas.columns)
        let screen = CanvasWriter(
            canvas: canvas, area: Rect(row: 0, column: 0, height: canvas.rows, width: canvas.columns))
        if layout.isTooSmall {
            drawTooSmall(layout, into: screen)
            return
        }
        TitleLine.draw(model, into: screen.sub(layout.title))
        if let editor = model.editor {
            let wrap = WrapContext(width: max(1, layout.body.width - 2), measure: { canvas.width(of: $0) })
            EditorPane.draw(editor, wrap: wrap, into: screen.sub(layout.body))
        } else if let view = model.reportView {
            ReportViewPane.draw(view, into: screen.sub(layout.body))
        } else {
            SessionsPane.draw(model, into: screen.sub(layout.sessions))
            RecordingPane.draw(model, into: screen.sub(layout.recording))
            ReportListPane.draw(model, into: screen.sub(layout.reports))
        }
        NotificationStrip.draw(model.station.notifier.notifications, into: screen.sub(layout.notifications))
        KeyBar.draw(model, into: screen.sub(layout.keyBar))
        if model.helpShown {
            canvas.placeCursor(nil)
            HelpOverlay.draw(model, into: screen.sub(layout.body))
        }
        if let dialog = model.dialog {
            canvas.placeCursor(nil)
            DialogView.draw(dialog, into: screen.sub(layout.body))
        }
    }

    static func drawTooSmall(_ layout: ScreenLayout, into screen: CanvasWriter) {
        let lines = [
            "The terminal is too small.",
            "Please make it at least \(ScreenLayout.minimumColumns)×\(ScreenLayout.minimumRows);",
            "it is \(layout.columns)×\(layout.rows) now.",
        ]
        let top = max(0, (layout.rows - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            let width = screen.fit.width(line)
            screen.text(
                line, row: top + offset, column: max(0, (layout.columns - width) / 2),
                role: offset == 0 ? .warning : .normal)
        }
    }
}
