import Localization
import StationCore

/// The list of sessions: state mark, name and patient, elapsed time; the selected one highlighted.
@MainActor
enum SessionsPane {
    static func draw(_ model: ScreenModel, into writer: CanvasWriter) {
        let focused = model.focus == .sessions && model.reportView == nil
        let inner = writer.box(
            title: FocusMarks.title(tr("Sessions"), focused: focused), titleRole: focused ? .focusedHeading : .heading)
        let sessions = model.station.sessions
        guard !sessions.isEmpty else {
            inner.text(tr("No sessions yet."), row: 0, role: .dim)
            inner.text(tr("n: new session"), row: 1, role: .dim)
            return
        }
        let fit = inner.fit
        let first = model.sessionsList.top
        writer.scrollMarks(above: first, below: sessions.count - first - inner.area.height)
        for row in 0..<inner.area.height {
            let index = first + row
            guard sessions.indices.contains(index) else { break }
            let session = sessions[index]
            let isSelected = session.id == model.station.selectedID
            let remote = session.heldElsewhere
            let time =
                remote.map { tr("elsewhere ") + ElapsedTimeFormat.string(for: model.shown($0.elapsed)) }
                ?? (session.state == .notRecording ? "" : ElapsedTimeFormat.string(for: model.shown(session.elapsed)))
            let timeWidth = fit.width(time)
            let nameWidth = max(1, inner.area.width - 3 - timeWidth - 1)
            let lineRole: StyleRole = isSelected ? .selection : .normal
            inner.fill(row: row, role: lineRole)
            if isSelected {
                inner.text(FocusMarks.selected, row: row, role: lineRole)
                // The hardware cursor follows the focus, for a screen reader or magnifier that tracks it.
                if focused { inner.cursor(row: row, column: 0) }
            }
            let shown = remote?.state ?? session.state
            let mark = StateStyle.mark(shown, phase: model.quiet ? 0 : model.spinnerPhase)
            inner.text(
                mark, row: row, column: 1, role: isSelected ? .selection : remote == nil ? StateStyle.role(shown) : .dim
            )
            inner.text(fit.pad(SessionLabel.parts(session), to: nameWidth), row: row, column: 3, role: lineRole)
            if !time.isEmpty {
                inner.text(time, row: row, column: inner.area.width - timeWidth, role: lineRole)
            }
        }
    }
}
