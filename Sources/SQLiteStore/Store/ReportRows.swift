import Foundation
import StationCore

/// How reports and revisions are read from their rows.
enum ReportRows {
    /// The columns `report(from:)` reads, in its order.
    static let columns = """
        id, session_name, locale, created_us, duration_us, audio_file, original_text, text, phase, confidence,
        author, patient_name, patient_id, patient_id_system, work_type, priority, signed_by, signed_us,
        entered_in_error_us, entered_in_error_by, entered_in_error_reason
        """

    /// Urgent reports first, then the newest; `reports_urgent_newest` serves exactly this order.
    static let order = "(priority = 'urgent') DESC, created_us DESC, id DESC"

    static func report(from row: Row) -> Report {
        Report(
            id: row.integer(0), sessionName: row.text(1), locale: row.text(2),
            created: StoredTime.date(row.integer(3)), audioDuration: StoredTime.duration(row.integer(4)),
            audioFile: row.optionalText(5).map { URL(fileURLWithPath: $0) }, originalText: row.text(6),
            text: row.text(7), status: ReportStatus(rawValue: row.text(8)) ?? .draft, confidence: row.optionalReal(9),
            author: row.optionalText(10),
            properties: properties(row, patient: 11, workType: 14, priority: 15),
            signedBy: row.optionalText(16), signedAt: row.optionalInteger(17).map(StoredTime.date),
            enteredInError: row.optionalInteger(18).map { time in
                EnteredInError(
                    by: row.optionalText(19) ?? "unknown", at: StoredTime.date(time), reason: row.optionalText(20) ?? ""
                )
            })
    }

    /// Patient (name, id, system at `patient`…`patient + 2`), work type and priority from a row.
    static func properties(_ row: Row, patient: Int32, workType: Int32, priority: Int32) -> DictationProperties {
        DictationProperties(
            patient: Patient(
                name: row.optionalText(patient), identifier: row.optionalText(patient + 1),
                system: row.optionalText(patient + 2)),
            workType: row.text(workType), priority: ReportPriority(rawValue: row.text(priority)) ?? .normal)
    }

    /// The values `properties(_:…)` reads back, in column order: patient name, id, system, work type,
    /// priority.
    static func values(_ properties: DictationProperties) -> [SQLiteValue] {
        [
            .optional(properties.patient?.name), .optional(properties.patient?.identifier),
            .optional(properties.patient?.system), .text(properties.workType), .text(properties.priority.rawValue),
        ]
    }

    static let revisionColumns = "report_id, number, text, created_us, author, reason"

    static func revision(from row: Row) -> ReportRevision {
        ReportRevision(
            reportID: row.integer(0), number: Int(row.integer(1)), text: row.text(2),
            created: StoredTime.date(row.integer(3)), author: row.optionalText(4), reason: row.optionalText(5))
    }

    static let sessionEventColumns =
        "session_name, time_us, action, actor, report_id, report_phase, report_author, report_created_us"

    static func sessionEvent(from row: Row) -> SessionEvent {
        SessionEvent(
            sessionName: row.text(0), action: SessionEvent.Action(rawValue: row.text(2)) ?? .reportDeleted,
            actor: row.optionalText(3), time: StoredTime.date(row.integer(1)), reportID: row.optionalInteger(4),
            reportStatus: row.optionalText(5).flatMap(ReportStatus.init(rawValue:)), reportAuthor: row.optionalText(6),
            reportCreated: row.optionalInteger(7).map(StoredTime.date))
    }

    static let eventColumns = "report_id, time_us, action, actor, reason"

    static func event(from row: Row) -> ReportEvent {
        ReportEvent(
            reportID: row.integer(0), action: ReportEvent.Action(rawValue: row.text(2)) ?? .created,
            actor: row.optionalText(3), time: StoredTime.date(row.integer(1)), reason: row.optionalText(4))
    }
}
