import Foundation
import StationCore

/// How reports and revisions are read from their rows.
enum ReportRows {
    /// The columns `report(from:)` reads, in its order.
    static let columns = """
        id, session_name, locale, created_us, duration_us, audio_file, original_text, text, status, confidence
        """

    static func report(from row: Row) -> Report {
        Report(
            id: row.integer(0), sessionName: row.text(1), locale: row.text(2),
            created: StoredTime.date(row.integer(3)), audioDuration: StoredTime.duration(row.integer(4)),
            audioFile: row.optionalText(5).map { URL(fileURLWithPath: $0) }, originalText: row.text(6),
            text: row.text(7), status: ReportStatus(rawValue: row.text(8)) ?? .draft, confidence: row.optionalReal(9))
    }

    static let revisionColumns = "report_id, number, text, created_us"

    static func revision(from row: Row) -> ReportRevision {
        ReportRevision(
            reportID: row.integer(0), number: Int(row.integer(1)), text: row.text(2),
            created: StoredTime.date(row.integer(3)))
    }
}
