import Foundation
import StationCore
import StationTUI

/// The report list as aligned columns: id, created, session, duration, status, first line. Names and
/// text are made safe for the terminal first (one line each), so the columns are measured on what shows.
enum ReportTable {
    static let sessionWidth = 28

    static func render(_ reports: [Report], timeZone: TimeZone) -> String {
        let idWidth = max(2, reports.map { String($0.id).count }.max() ?? 0)
        var lines = [
            row([
                "ID".leftPadded(to: idWidth), "CREATED         ", "SESSION".padded(to: sessionWidth), "DURATION",
                "STATUS", "TEXT",
            ])
        ]
        for report in reports {
            lines.append(
                row([
                    String(report.id).leftPadded(to: idWidth), ReportTimeFormat.minute(report.created, in: timeZone),
                    SafeText.line(report.sessionName).truncated(to: sessionWidth).padded(to: sessionWidth),
                    ElapsedTimeFormat.string(for: report.audioDuration).leftPadded(to: 8),
                    report.status.rawValue.padded(to: 6), SafeText.line(report.firstLine),
                ]))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func row(_ cells: [String]) -> String { cells.joined(separator: "  ") }
}

extension String {
    fileprivate func padded(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }

    fileprivate func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }

    fileprivate func truncated(to width: Int) -> String { count <= width ? self : prefix(width - 1) + "…" }
}
