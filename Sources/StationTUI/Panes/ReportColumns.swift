import StationCore

/// The report list's columns for a width. The urgent mark, time and status are fixed; the patient (up to
/// a third of the room left) and session (up to two fifths of the rest) columns grow with the terminal,
/// never wider than the longest shown; author and duration join from 100 columns, the work type from
/// 140; the first line of text takes the rest.
struct ReportColumns: Equatable {
    /// Widths of the optional columns; 0 when the column is not shown.
    var patient: Int
    var session: Int
    var author: Int
    var workType: Int
    var showsDuration: Bool
    var showsStatus: Bool

    static let mark = 2
    static let time = 11 + 2
    static let status = 9 + 2
    static let duration = 5 + 2

    init(
        patient: Int, session: Int, author: Int = 0, workType: Int = 0, showsDuration: Bool = false,
        showsStatus: Bool = true
    ) {
        self.patient = patient
        self.session = session
        self.author = author
        self.workType = workType
        self.showsDuration = showsDuration
        self.showsStatus = showsStatus
    }

    init(width: Int, reports: [Report], types: WorkTypes, fit: TextFit) {
        func longest(_ texts: [String]) -> Int { texts.map { fit.width(SafeText.line($0)) }.max() ?? 0 }
        showsStatus = width >= 70
        showsDuration = width >= 100
        author = width >= 100 ? max(6, min(longest(reports.map(\.authorName)), 14)) : 0
        workType =
            width >= 140 ? max(4, min(longest(reports.map { types.type($0.properties.workType).display }), 20)) : 0
        var fixed = Self.mark + Self.time + (showsStatus ? Self.status : 0) + (showsDuration ? Self.duration : 0)
        if author > 0 { fixed += author + 2 }
        if workType > 0 { fixed += workType + 2 }
        let rest = width - fixed - 2
        patient = width >= 60 ? max(10, min(longest(reports.map(Self.patientText)), rest / 3)) : 0
        let left = rest - (patient > 0 ? patient + 2 : 0)
        session = max(12, min(longest(reports.map(\.sessionName)), left * 2 / 5))
    }

    /// The patient as the list shows it.
    static func patientText(_ report: Report) -> String { report.properties.patient?.display ?? "—" }
}
