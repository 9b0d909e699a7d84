import Foundation
import StationCore

/// The reports, newest first: time, session, duration, status and first line; the search above them.
@MainActor
enum ReportListPane {
    static func draw(_ model: ScreenModel, into writer: CanvasWriter) {
        let focused = model.focus == .reports
        var title = "Reports"
        if !model.searchQuery.isEmpty || model.searchField != nil { title += " matching \"\(model.searchQuery)\"" }
        let inner = writer.box(title: title, titleRole: focused ? .focusedHeading : .heading)
        var top = 0
        if let field = model.searchField {
            let start = inner.text("Search: ", row: 0, role: .heading)
            inner.text(field.text, row: 0, column: start, role: .input)
            let cursor = field.lines[0][..<field.cursor.column].reduce(0) { $0 + inner.fit.measure($1) }
            inner.cursor(row: 0, column: start + cursor)
            top = 1
        }
        guard !model.reports.isEmpty else {
            let message =
                model.searchQuery.isEmpty
                ? "No reports yet. Record, pause (Space) and send (Enter) a dictation."
                : "No report matches. Esc clears the search."
            inner.text(message, row: top, role: .dim)
            return
        }
        let visible = max(0, inner.area.height - top)
        let shownReports = model.reports.dropFirst(model.reportsTop).prefix(visible)
        let columns = ReportColumns(width: inner.area.width, names: shownReports.map(\.sessionName), fit: inner.fit)
        writer.scrollMarks(above: model.reportsTop, below: model.reports.count - model.reportsTop - visible)
        for row in top..<inner.area.height {
            let index = model.reportsTop + row - top
            guard model.reports.indices.contains(index) else { break }
            let report = model.reports[index]
            let selected = index == model.reportSelection
            let role: StyleRole = selected && focused ? .selection : selected ? .heading : .normal
            inner.fill(row: row, role: role)
            let fit = inner.fit
            var line = timestamp(report.created) + "  "
            line += fit.pad(SafeText.line(report.sessionName), to: columns.session) + "  "
            line += fit.padLeft(ElapsedTimeFormat.string(for: report.audioDuration), to: 5) + "  "
            if columns.showsStatus { line += fit.pad(report.status.rawValue, to: 5) + "  " }
            line += SafeText.line(report.firstLine)
            inner.text(line, row: row, role: role)
        }
    }

    /// Made once: a formatter is costly to build, and the list draws many rows per frame.
    private static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "MM-dd HH:mm"
        return formatter
    }()

    static func timestamp(_ date: Date) -> String { formatter.string(from: date) }
}

/// The report list's columns for a width: time, duration and status are fixed; the session column grows
/// with the terminal (up to two fifths of what is left, never wider than the longest name shown, at
/// least 12), and the first line of text takes the rest.
struct ReportColumns: Equatable {
    var session: Int
    var showsStatus: Bool

    static let fixed = 11 + 2 + 5 + 2
    static let status = 5 + 2

    init(session: Int, showsStatus: Bool) {
        self.session = session
        self.showsStatus = showsStatus
    }

    init(width: Int, names: [String], fit: TextFit) {
        showsStatus = width >= 70
        let rest = width - Self.fixed - (showsStatus ? Self.status : 0) - 2
        let longest = names.map { fit.width(SafeText.line($0)) }.max() ?? 0
        session = max(12, min(longest, rest * 2 / 5))
    }
}
