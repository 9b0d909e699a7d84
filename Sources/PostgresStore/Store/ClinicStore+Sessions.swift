import Foundation
import StationCore

extension ClinicStore {
    /// Saves a session of the connected user, in the caller's transaction: a session of another user
    /// is refused by the database (its row-level security), never taken over.
    func save(_ session: SessionRecord) throws(PostgresError) {
        let patient = session.properties.patient
        let changed = try connection.query(
            """
            INSERT INTO dictation.sessions AS s (id, name, locale, state, elapsed_us, audio_file, created, updated,
                patient_name, patient_identifier, patient_system, work_type, priority)
            VALUES ($1, $2, $3, $4, $5, $6, \(ReportRows.timestamp("$7")), \(ReportRows.timestamp("$8")), $9, $10,
                $11, $12, $13)
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, locale = excluded.locale, state = excluded.state,
                elapsed_us = excluded.elapsed_us, audio_file = excluded.audio_file, updated = excluded.updated,
                patient_name = excluded.patient_name, patient_identifier = excluded.patient_identifier,
                patient_system = excluded.patient_system, work_type = excluded.work_type,
                priority = excluded.priority
            WHERE s.creator = session_user
            RETURNING id
            """,
            [
                session.id.rawValue, session.name, session.locale, session.state.rawValue,
                ReportRows.text(session.elapsed), session.audioFile?.path, ReportRows.text(session.created),
                ReportRows.text(session.updated), patient?.name, patient?.identifier, patient?.system,
                session.properties.workType, session.properties.priority.rawValue,
            ])
        guard !changed.isEmpty else {
            throw PostgresError(
                sqlState: "DS010", message: "session \(session.name) belongs to another user: it is not changed.")
        }
    }
}
