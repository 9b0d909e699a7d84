import Foundation
import Localization
import StationCore

extension ClinicStore {
    /// In the caller's transaction: the row of `report` in `dictation.reports` (its `transcript` as the
    /// original text), with the dictation it was made of; the id the store gave it, or nil when none came
    /// back. A send and an import both store a report this way.
    func insertReportRow(_ report: NewReport, dictationID: String?) throws -> Int64? {
        let words: String
        do { words = try WordsJSON.encode(report.words) } catch {
            throw PostgresError(sqlState: "22P02", message: tr("the decoder's words could not be written"))
        }
        let patient = report.properties.patient
        let rows = try connection.query(
            """
            INSERT INTO dictation.reports (session_name, locale, created, audio_duration_us, audio_file,
                original_text, text, confidence, patient_name, patient_identifier, patient_system, work_type,
                priority, words, dictation_id)
            VALUES ($1, $2, \(ReportRows.timestamp("$3")), $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
                $14::jsonb, $15)
            RETURNING id
            """,
            [
                report.sessionName, report.locale, ReportRows.text(report.created),
                ReportRows.text(report.audioDuration), report.audioFile?.path, report.transcript, report.text,
                report.confidence.map { String($0) }, patient?.name, patient?.identifier, patient?.system,
                report.properties.workType, report.properties.priority.rawValue, words, dictationID,
            ])
        return rows.first?.first??.asInt64
    }
}
