import Foundation
import Localization
import StationCore

/// The reports, urgent first and then newest first: urgent mark, time, patient, session, author, type,
/// duration, status and first line (as many as the width allows); the search and the filters above them.
@MainActor
enum ReportListPane {
    static func draw(_ list: ReportListController, focused: Bool, into writer: CanvasWriter) {
        let types = list.screen.services.workTypes
        let inner = writer.box(
            title: FocusMarks.title(title(list), focused: focused), titleRole: focused ? .focusedHeading : .heading)
        var top = 0
        if let field = list.searchField {
            let start = inner.text(tr("Search: "), row: 0, role: .heading)
            inner.text(field.text, row: 0, column: start, role: .input)
            let cursor = field.lines[0][..<field.cursor.column].reduce(0) { $0 + inner.fit.measure($1) }
            inner.cursor(row: 0, column: start + cursor)
            top = 1
        }
        // A kept search or filter says what it hides of what came since.
        if let notice = list.hiddenArrivalsNotice {
            inner.fill(row: top, role: .warning)
            inner.text(notice, row: top, role: .warning)
            top += 1
        }
        guard !list.reports.isEmpty else {
            let message =
                list.reading == .notYetRead
                ? tr("Reading the reports…")
                : list.reading == .failed
                    ? tr("The reports could not be read.")
                    : list.searchQuery.isEmpty && list.filters.words.isEmpty
                        ? tr("No reports yet. Record, pause (Space) and send (Enter) a dictation.")
                        : list.searchQuery.isEmpty
                            ? tr("No report passes the filters (m mine, u unsigned, ! urgent, a in error toggle them).")
                            : tr("No report matches. Esc clears the search.")
            inner.text(message, row: top, role: .dim)
            return
        }
        let visible = max(0, inner.area.height - top)
        let shownReports = Array(list.reports.dropFirst(list.top).prefix(visible))
        let dates = DateWording(clock: list.screen.services.clock)
        let columns = ReportColumns(
            width: inner.area.width, reports: shownReports, types: types, fit: inner.fit, dates: dates)
        let search = SearchMatch(list.searchQuery)
        writer.scrollMarks(above: list.top, below: list.reports.count - list.top - visible)
        for row in top..<inner.area.height {
            let index = list.top + row - top
            guard list.reports.indices.contains(index) else { break }
            let report = list.reports[index]
            let selected = index == list.selection
            let role: StyleRole = selected && focused ? .selection : selected ? .heading : .normal
            inner.fill(row: row, role: role)
            if selected {
                inner.text(FocusMarks.selected, row: row, column: 1, role: role)
                // The cursor on the selected report, unless it is in the search field being typed.
                if focused && list.searchField == nil { inner.cursor(row: row, column: 1) }
            }
            drawRow(
                report, columns: columns, search: search, types: types, dates: dates, row: row, role: role, in: inner)
        }
        let drawn = min(visible, list.reports.count - list.top)
        if inner.area.height - top - drawn >= 5, let selected = list.selected {
            drawPreview(selected, from: top + drawn + 1, in: inner)
        }
    }

    /// Below a short list, the rows it leaves empty show the selected report's text: its number and
    /// patient on a rule, then as many wrapped lines as fit. Only the part that fits is wrapped, so a long
    /// report costs no more than a short one.
    private static func drawPreview(_ report: Report, from first: Int, in inner: CanvasWriter) {
        let fit = inner.fit
        let width = inner.area.width
        let rule = fit.fit(
            [LabelPart("─ " + ReportColumns.numberText(report) + " · ")]
                + LabelPart.patient(report.properties.patient, none: SafeText.line(report.sessionName)) + [
                    LabelPart(" ")
                ],
            width: width)
        inner.text(rule + String(repeating: "─", count: max(0, width - fit.width(rule))), row: first, role: .dim)
        let rows = inner.area.height - first - 1
        let shown = report.text.prefix(rows * width)
        let lines = fit.wrapLines(
            shown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), width: width)
        for (offset, line) in lines.prefix(rows).enumerated() {
            inner.text(line, row: first + 1 + offset, role: .normal)
        }
    }

    /// "Reports · mine · urgent matching "jans"".
    static func title(_ list: ReportListController) -> String {
        var title = ([tr("Reports")] + list.filters.words).joined(separator: " · ")
        if !list.searchQuery.isEmpty || list.searchField != nil { title += tr(" matching \"\(list.searchQuery)\"") }
        return title
    }

    private static func drawRow(
        _ report: Report, columns: ReportColumns, search: SearchMatch, types: WorkTypes, dates: DateWording, row: Int,
        role: StyleRole, in inner: CanvasWriter
    ) {
        let fit = inner.fit
        if report.properties.priority == .urgent {
            inner.text("!", row: row, role: role == .selection ? .selection : .error)
        }
        var column = ReportColumns.mark
        /// Writes one cell padded to `width` (the last one runs to the border), its search matches marked.
        func cell(_ raw: String, width: Int?, highlight: Bool = false, gap: Int = 2) {
            let text = SafeText.line(raw)
            // Not `width.map { fit.pad… }`: a release build refuses sending `fit` into that closure.
            var shown = text
            if let width { shown = fit.pad(text, to: width) }
            let end = inner.text(shown, row: row, column: column, role: role)
            if highlight, !search.isEmpty {
                let visible = Array(fit.truncate(shown, to: max(0, inner.area.width - column)))
                for range in search.ranges(in: String(visible)) where range.upperBound <= visible.count {
                    // The ellipsis of a cut cell is never part of a match.
                    let match = String(visible[range]).replacingOccurrences(of: "…", with: "")
                    let start = column + fit.width(String(visible[..<range.lowerBound]))
                    inner.text(match, row: row, column: start, role: .match)
                }
            }
            column = width.map { column + $0 + gap } ?? end
        }
        cell(fit.padLeft(ReportColumns.numberText(report), to: columns.number), width: columns.number, gap: 1)
        cell(dates.short(report.created), width: columns.time)
        if columns.patient > 0 {
            cell(
                ReportColumns.patientCell(report, width: columns.patient, fit: fit), width: columns.patient,
                highlight: true)
        }
        cell(report.sessionName, width: columns.session, highlight: true)
        if columns.author > 0 { cell(report.authorName, width: columns.author) }
        if columns.workType > 0 { cell(types.type(report.properties.workType).display, width: columns.workType) }
        if columns.showsDuration {
            cell(fit.padLeft(ElapsedTimeFormat.string(for: report.audioDuration), to: 5), width: 5)
        }
        if columns.showsStatus { cell(report.listedStatus, width: columns.status) }
        // A match beyond the first line is what the person looks for: that line is shown instead.
        // No row shows more than a line of the widest terminal: a 1 MB report costs what a short one does.
        var line = report.firstLine(atMost: 512)
        if !search.isEmpty, search.ranges(in: line).isEmpty, let matching = search.firstMatchingLine(of: report.text) {
            line = "… " + matching
        }
        cell(line, width: nil, highlight: true)
    }
}
