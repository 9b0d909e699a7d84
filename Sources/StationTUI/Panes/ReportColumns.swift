import Localization
import StationCore

/// The report list's columns for a width. The urgent mark, the report number, the time and the status
/// are always there; the first line of text keeps a third of the room left (two fifths from 110 columns) and takes whatever the
/// other columns leave; the patient column is at least as wide as the widest identifier shown needs (the
/// name gives way, never the identifier) and takes about half of the rest, the session column what
/// remains, neither wider than the longest shown; the author joins from 100 columns, duration and work
/// type from 140. The status column fits every status word of the interface language ("gecorrigeerd"
/// in Dutch), as the command line's table does.
struct ReportColumns: Equatable {
    /// Widths of the optional columns; 0 when the column is not shown.
    var number: Int
    var time: Int
    var patient: Int
    var session: Int
    var author: Int
    var workType: Int
    var showsDuration: Bool
    var showsStatus: Bool
    /// The status column's width, without its gap.
    var status: Int

    static let mark = 2
    static let duration = 5 + 2

    init(
        number: Int = 2, time: Int = 16, patient: Int, session: Int, author: Int = 0, workType: Int = 0,
        showsDuration: Bool = false, showsStatus: Bool = true, status: Int = Self.statusWidth(fit: TextFit())
    ) {
        self.number = number
        self.time = time
        self.patient = patient
        self.session = session
        self.author = author
        self.workType = workType
        self.showsDuration = showsDuration
        self.showsStatus = showsStatus
        self.status = status
    }

    /// As wide as the longest status word of the interface language.
    static func statusWidth(fit: TextFit) -> Int { Report.listedStatusWords.map(fit.width).max() ?? 9 }

    init(width: Int, reports: [Report], types: WorkTypes, fit: TextFit, dates: DateWording) {
        func longest(_ texts: [String]) -> Int { texts.map { fit.width(SafeText.line($0)) }.max() ?? 0 }
        number = max(2, longest(reports.map(Self.numberText)))
        time = max(5, longest(reports.map { dates.short($0.created) }))
        showsStatus = width >= 70
        status = Self.statusWidth(fit: fit)
        showsDuration = width >= 140
        author = width >= 100 ? max(6, min(longest(reports.map(\.authorName)), 14)) : 0
        workType =
            width >= 140 ? max(4, min(longest(reports.map { types.type($0.properties.workType).display }), 20)) : 0
        var fixed = Self.mark + number + 1 + time + 2 + (showsStatus ? status + 2 : 0)
        fixed += (showsDuration ? Self.duration : 0)
        if author > 0 { fixed += author + 2 }
        if workType > 0 { fixed += workType + 2 }
        let rest = width - fixed - 2
        // The first line keeps a third of the room (two fifths on a wide screen); the names share the
        // rest, the patient first.
        let names = rest - (width >= 110 ? rest * 2 / 5 : rest / 3) - 4
        if width >= 60 {
            // The identifier with its brackets and two columns of the name, for the widest identifier shown.
            let identifier =
                reports.compactMap { $0.properties.patient }.map { patient in
                    LabelPart.patient(patient, none: "").filter { $0.cutOrder == nil }.reduce(0) {
                        $0 + fit.width($1.text)
                    } + (patient.name == nil ? 0 : 2)
                }.max() ?? 0
            patient = max(identifier, min(longest(reports.map(Self.patientText)), max(10, names * 11 / 20)))
        } else {
            patient = 0
        }
        session = max(12, min(longest(reports.map(\.sessionName)), names - patient + (patient > 0 ? 0 : 2)))
    }

    /// "#12", the number `reports show` takes.
    static func numberText(_ report: Report) -> String { "#\(report.id)" }

    /// The patient as the list shows it when there is room.
    static func patientText(_ report: Report) -> String { report.properties.patient?.display ?? "—" }

    /// The patient in `width` columns: the name cut before the identifier.
    static func patientCell(_ report: Report, width: Int, fit: TextFit) -> String {
        fit.pad(LabelPart.patient(report.properties.patient, none: "—"), to: width)
    }
}
