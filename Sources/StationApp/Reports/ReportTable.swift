import Foundation
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
        var lines = [
            row([
                "ID".leftPadded(to: idWidth), "CREATED         ", "!", "PATIENT".padded(to: patientWidth),
                "AUTHOR".padded(to: authorWidth), "TYPE".padded(to: typeWidth), "STATUS   ",
                "SESSION".padded(to: sessionWidth), "DURATION", "TEXT",
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
                    report.listedStatus.padded(to: 9), cell(report.sessionName, width: sessionWidth),
                    ElapsedTimeFormat.string(for: report.audioDuration).leftPadded(to: 8),
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
