import StationCore

/// Whether the clinic's reports, this person's sessions or the clinic vocabulary changed: a fingerprint
/// read on a slow poll, the safety net under the change notifications.
extension ClinicStore: ReportStoreObserving {
    /// Compares the newest step of any report (every change of a report writes one), the sessions of
    /// the one connected (without their running time, which changes every second of a recording) and the
    /// vocabulary's words with what the previous call saw; the first call only takes note.
    public func hasChangedElsewhere() async throws -> Bool {
        let now = try perform {
            try connection.query(
                """
                SELECT (SELECT coalesce(max(id), 0) FROM dictation.report_events)::text || '/' || coalesce((
                    SELECT md5(string_agg((s.id, s.name, s.locale, s.state, s.audio_file, s.patient_name,
                        s.patient_identifier, s.patient_system, s.work_type, s.priority)::text, ',' ORDER BY s.id))
                    FROM dictation.sessions s WHERE s.creator = session_user), '') || '/' || (\(Self.vocabularyFingerprintQuery))
                """
            ).first?.first ?? nil
        }
        defer { seenChanges = now }
        return seenChanges != nil && now != seenChanges
    }
}
