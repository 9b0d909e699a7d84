import Foundation
import Localization
import StationCore

/// The core's `SessionStore` over the clinic store: a station lists and changes the sessions of the one
/// connected (their creator, `session_user`). Every member may read every session (row-level security
/// lets them), but a station never shows another's sessions as its own: it could not record into them.
extension ClinicStore: SessionStore {
    public func loadSessions() async throws -> [SessionRecord] {
        try perform {
            try connection.query(
                "SELECT \(Self.sessionColumns) FROM dictation.sessions WHERE creator = session_user "
                    + "ORDER BY created, id"
            ).map(Self.sessionRecord)
        }
    }

    public func session(id: SessionID) async throws -> SessionRecord? {
        try perform {
            try connection.query(
                "SELECT \(Self.sessionColumns) FROM dictation.sessions WHERE id = $1 AND creator = session_user",
                [id.rawValue]
            ).first.map(Self.sessionRecord)
        }
    }

    public func save(_ session: SessionRecord) async throws {
        try perform { try connection.transaction { try save(session) } }
    }

    public func renameSession(id: SessionID, to name: String) async throws {
        try perform {
            try connection.query(
                "UPDATE dictation.sessions SET name = $2 WHERE id = $1 AND creator = session_user",
                [id.rawValue, name])
        }
    }

    public func setProperties(of id: SessionID, _ properties: DictationProperties) async throws {
        let patient = properties.patient
        try perform {
            try connection.query(
                """
                UPDATE dictation.sessions SET patient_name = $2, patient_identifier = $3, patient_system = $4,
                    work_type = $5, priority = $6
                WHERE id = $1 AND creator = session_user
                """,
                [
                    id.rawValue, patient?.name, patient?.identifier, patient?.system, properties.workType,
                    properties.priority.rawValue,
                ])
        }
    }

    /// Forgets a session, unless the saved record says it holds a dictation (another station of the same
    /// person may record into it); its audio is never touched here.
    public func deleteSession(id: SessionID) async throws {
        try perform {
            try connection.query(
                """
                DELETE FROM dictation.sessions
                WHERE id = $1 AND creator = session_user AND (state = 'notRecording' OR audio_file IS NULL)
                """, [id.rawValue])
        }
    }

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
                sqlState: "DS010", message: tr("session \(session.name) belongs to another user: it is not changed."))
        }
    }

    private static let sessionColumns = """
        id, name, locale, state, elapsed_us, audio_file, \(ReportRows.microseconds("created")),
        \(ReportRows.microseconds("updated")), creator, patient_name, patient_identifier, patient_system, work_type,
        priority
        """

    /// A saved session as the core knows it; its state as saved (the core brings a session that was
    /// recording back paused), its author the creator the database recorded.
    private static func sessionRecord(_ row: [String?]) -> SessionRecord {
        SessionRecord(
            id: SessionID(row[0] ?? ""), name: row[1] ?? "", locale: row[2] ?? "",
            state: row[3].flatMap(RecordingState.init(rawValue:)) ?? .paused,
            elapsed: .microseconds(row[4]?.asInt64 ?? 0), audioFile: row[5].map { URL(fileURLWithPath: $0) },
            created: ReportRows.date(row[6]) ?? Date(timeIntervalSince1970: 0),
            updated: ReportRows.date(row[7]) ?? Date(timeIntervalSince1970: 0), author: row[8],
            properties: DictationProperties(
                patient: Patient(name: row[9], identifier: row[10], system: row[11]), workType: row[12] ?? "",
                priority: row[13].flatMap(ReportPriority.init(rawValue:)) ?? .normal))
    }
}

/// The core's `SettingsStore` over the clinic store: each person's own settings (the chosen locale, the
/// capture source, the selected session), which no one else sees.
extension ClinicStore: SettingsStore {
    public func setting(_ key: String) async throws -> String? {
        try perform {
            try connection.query(
                "SELECT value FROM dictation.settings WHERE owner = session_user AND key = $1", [key]
            ).first?.first ?? nil
        }
    }

    /// Sets a setting of the connected user; nil removes it.
    public func setSetting(_ key: String, _ value: String?) async throws {
        try perform {
            if let value {
                try connection.query(
                    """
                    INSERT INTO dictation.settings (key, value) VALUES ($1, $2)
                    ON CONFLICT (owner, key) DO UPDATE SET value = excluded.value
                    """, [key, value])
            } else {
                try connection.query(
                    "DELETE FROM dictation.settings WHERE owner = session_user AND key = $1", [key])
            }
        }
    }
}
