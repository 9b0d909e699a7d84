import Localization
import StationCore

/// An open report: details on top, then its wrapped text or its original transcript.
@MainActor
enum ReportViewPane {
    static func draw(
        _ view: ReportViewState, types: WorkTypes = .builtIn, dates: DateWording, into writer: CanvasWriter
    ) {
        let report = view.report
        let inner = writer.box(
            title: tr("Report #\(report.id) · \(SafeText.line(report.sessionName))"), titleRole: .focusedHeading)
        // No report-wide confidence figure: the words the decoder was unsure of are marked in the text.
        let detailLines = inner.fit.wrap(ReportHistoryText.details(report, dates: dates), width: inner.area.width)
            .prefix(2)
        for (row, line) in detailLines.enumerated() { inner.text(line, row: row, role: .dim) }
        var top = detailLines.count
        let urgent = report.properties.priority == .urgent
        // The patient on a line of their own: the identifier that tells two patients apart is never cut.
        inner.text(
            inner.fit.fit(ReportHistoryText.patient(report), width: inner.area.width), row: top,
            role: urgent ? .warning : .normal)
        top += 1
        let about = inner.fit.wrap(ReportHistoryText.about(report, types: types), width: inner.area.width).prefix(1)
        for line in about {
            inner.text(line, row: top, role: urgent ? .warning : .normal)
            top += 1
        }
        if let signature = ReportHistoryText.signature(report, history: view.history, dates: dates) {
            for line in inner.fit.wrap(signature, width: inner.area.width).prefix(2) {
                inner.text(line, row: top, role: .info)
                top += 1
            }
        }
        if let mark = ReportHistoryText.enteredInError(report, dates: dates) {
            for line in inner.fit.wrap(mark, width: inner.area.width).prefix(2) {
                inner.text(line, row: top, role: .error)
                top += 1
            }
        }
        let historyRoom = max(1, (inner.area.height - top) / 4)
        for line in ReportHistoryText.lines(view.history, room: historyRoom, dates: dates) {
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
