import Foundation
import Localization
import StationCore
import StationTUI

/// The report list as aligned columns: id, created, urgency, patient, author, type, status, session,
/// duration, first line. Names and text are made safe for the terminal first (one line each), so the
/// columns are measured on what shows.
enum ReportTable {
    static let patientWidth = 24
    static let authorWidth = 14
    static let typeWidth = 18
    static let sessionWidth = 24

    static func render(_ reports: [Report], timeZone: TimeZone, workTypes: WorkTypes = .builtIn) -> String {
        let idWidth = max(2, reports.map { String($0.id).count }.max() ?? 0)
        // The status column fits every status word of the interface language.
        let statusHeading = tr("STATUS")
        let statusWidth = ([statusHeading, tr("in error")] + ReportStatus.allCases.map(\.word)).map(\.count).max() ?? 9
        let durationHeading = tr("DURATION")
        let durationWidth = max(8, durationHeading.count)
        var lines = [
            row([
                tr("ID").leftPadded(to: idWidth), tr("CREATED").padded(to: 16), "!",
                tr("PATIENT").padded(to: patientWidth), tr("AUTHOR").padded(to: authorWidth),
                tr("TYPE").padded(to: typeWidth), statusHeading.padded(to: statusWidth),
                tr("SESSION").padded(to: sessionWidth), durationHeading.padded(to: durationWidth), tr("TEXT"),
            ])
        ]
        for report in reports {
            let properties = report.properties
            lines.append(
                row([
                    String(report.id).leftPadded(to: idWidth), ReportTimeFormat.minute(report.created, in: timeZone),
                    properties.priority == .urgent ? "!" : " ",
                    cell(properties.patient?.display ?? "—", width: patientWidth),
                    cell(report.authorName, width: authorWidth),
                    cell(workTypes.type(properties.workType).display, width: typeWidth),
                    report.listedStatus.padded(to: statusWidth), cell(report.sessionName, width: sessionWidth),
                    ElapsedTimeFormat.string(for: report.audioDuration).leftPadded(to: durationWidth),
                    SafeText.line(report.firstLine),
                ]))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func cell(_ text: String, width: Int) -> String {
        SafeText.line(text).truncated(to: width).padded(to: width)
    }

    private static func row(_ cells: [String]) -> String { cells.joined(separator: "  ") }
}

extension String {
    fileprivate func padded(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }

    fileprivate func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }

    fileprivate func truncated(to width: Int) -> String { count <= width ? self : prefix(width - 1) + "…" }
}
