import Localization
import StationCore

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
            drawTooSmall(layout, model: model, into: screen)
            return
        }
        TitleLine.draw(model, into: screen.sub(layout.title))
        switch model.stack.topView {
        case let editor as ReportEditorController:
            let wrap = WrapContext(width: max(1, layout.body.width - 2), measure: { canvas.width(of: $0) })
            EditorPane.draw(editor.state, wrap: wrap, into: screen.sub(layout.body))
        case let view as ReportViewController:
            ReportViewPane.draw(
                view.state, types: model.services.workTypes, dates: DateWording(clock: model.services.clock),
                into: screen.sub(layout.body))
        default:
            SessionsPane.draw(model, into: screen.sub(layout.sessions))
            RecordingPane.draw(model, into: screen.sub(layout.recording))
            ReportListPane.draw(model.reportList, focused: model.focus == .reports, into: screen.sub(layout.reports))
        }
        NotificationStrip.draw(model.station.notifier.notifications, into: screen.sub(layout.notifications))
        KeyBar.draw(model.keyHelp, into: screen.sub(layout.keyBar))
        // Over everything, in the order they opened: the help, the messages, a dialog.
        for controller in model.stack.controllers where controller.layer == .modal {
            canvas.placeCursor(nil)
            switch controller {
            case let help as HelpOverlayController:
                HelpOverlay.draw(help.keyHelp, into: screen.sub(layout.body))
            case is MessagesOverlayController:
                MessagesOverlay.draw(
                    model.notifier.recent, clock: model.services.clock, into: screen.sub(layout.body))
            case let dialog as any DialogController:
                DialogView.draw(dialog.dialog, into: screen.sub(layout.body))
            default: break
            }
        }
    }

    /// The request to enlarge the terminal, under the state of the station: a recording goes on while
    /// the terminal is small, and the time keeps moving here as in the title.
    static func drawTooSmall(_ layout: ScreenLayout, model: ScreenModel, into screen: CanvasWriter) {
        let station = model.station
        var lines = [
            (tr("The terminal is too small."), StyleRole.warning),
            (tr("Please make it at least \(ScreenLayout.minimumColumns)×\(ScreenLayout.minimumRows);"), .normal),
            (tr("it is \(layout.columns)×\(layout.rows) now."), .normal),
        ]
        // The published time (not the stopwatch), so each new second asks for a frame.
        let status = { (session: DictationSession) in
            StatusLine.text(state: session.state, elapsed: model.shown(session.elapsed), name: session.name)
        }
        if let session = station.capturing {
            lines.insert((status(session), .recording), at: 0)
            lines.insert((tr("Recording goes on."), .recording), at: 1)
        } else if let session = station.sessions.first(where: \.hasUnsentAudio) {
            lines.insert((status(session), .normal), at: 0)
        }
        // Keep the state and the request when the rows are few.
        let shown = Array(lines.prefix(max(1, layout.rows)))
        let top = max(0, (layout.rows - shown.count) / 2)
        for (offset, line) in shown.enumerated() {
            let width = screen.fit.width(SafeText.line(line.0))
            screen.text(line.0, row: top + offset, column: max(0, (layout.columns - width) / 2), role: line.1)
        }
    }
}
