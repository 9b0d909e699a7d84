import Localization
import StationCore

/// An open report: details on top, then its wrapped text or its original transcript.
@MainActor
enum ReportViewPane {
    static func draw(_ view: ReportViewState, types: WorkTypes = .builtIn, into writer: CanvasWriter) {
        let report = view.report
        let inner = writer.box(
            title: tr("Report #\(report.id) · \(SafeText.line(report.sessionName))"), titleRole: .focusedHeading)
        var details =
            "\(ReportListPane.timestamp(report.created)) · \(ElapsedTimeFormat.string(for: report.audioDuration))"
        details += " · \(report.locale) · \(report.status.rawValue)"
        if report.enteredInError != nil { details += tr(" · entered in error") }
        // No report-wide confidence figure: the words the decoder was unsure of are marked in the text.
        // A person changed it (its status or history says so, also before it was signed); the
        // transcript's numbers written as digits are no correction.
        if report.wasCorrected || view.history.contains(where: { $0.action == .corrected || $0.action == .amended }) {
            details += tr(" · corrected")
        }
        let detailLines = inner.fit.wrap(details, width: inner.area.width).prefix(2)
        for (row, line) in detailLines.enumerated() { inner.text(line, row: row, role: .dim) }
        var top = detailLines.count
        let about = inner.fit.wrap(ReportHistoryText.about(report, types: types), width: inner.area.width).prefix(2)
        for line in about {
            inner.text(line, row: top, role: report.properties.priority == .urgent ? .warning : .normal)
            top += 1
        }
        if let signature = ReportHistoryText.signature(report) {
            inner.text(signature, row: top, role: .info)
            top += 1
        }
        if let mark = ReportHistoryText.enteredInError(report) {
            for line in inner.fit.wrap(mark, width: inner.area.width).prefix(2) {
                inner.text(line, row: top, role: .error)
                top += 1
            }
        }
        let historyRoom = max(1, (inner.area.height - top) / 4)
        for line in ReportHistoryText.lines(view.history, room: historyRoom) {
            inner.text(line, row: top, role: .dim)
            top += 1
        }
        let heading = view.showOriginal ? tr("Original transcript") : tr("Text")
        let end = inner.text(heading + ReportTextView.label(view), row: top, role: .heading)
        // While playing: "▶ 01:12 / 03:40 ████····" beside the heading.
        PlaybackLine.draw(
            view,
            into: inner.sub(
                Rect(row: 0, column: end + 2, height: inner.area.height, width: inner.area.width - end - 2)), row: top)
        ReportTextView.draw(view, below: top, into: inner)
    }
}
