import Foundation
import StationCore

extension StationDatabase: SessionStore {
    /// Sessions in the order they were created. Their state is returned as saved; the core brings a
    /// session that was recording back paused.
    public func loadSessions() async throws -> [SessionRecord] {
        try await perform { connection in
            try connection.prepared("SELECT \(Self.sessionColumns) FROM sessions ORDER BY created_us, rowid")
                .rows([], Self.sessionRecord)
        }
    }

    public func session(id: SessionID) async throws -> SessionRecord? {
        try await perform { connection in
            try connection.prepared("SELECT \(Self.sessionColumns) FROM sessions WHERE id = ?")
                .rows([.text(id.rawValue)], Self.sessionRecord).first
        }
    }

    public func save(_ session: SessionRecord) async throws {
        try await perform { connection in
            try connection.writeTransaction { try Self.save(session, in: connection) }
        }
    }

    public func renameSession(id: SessionID, to name: String) async throws {
        try await perform { connection in
            try connection.writeTransaction {
                try connection.prepared("UPDATE sessions SET name = ? WHERE id = ?").run([
                    .text(name), .text(id.rawValue),
                ])
            }
        }
    }

    public func setProperties(of id: SessionID, _ properties: DictationProperties) async throws {
        try await perform { connection in
            try connection.writeTransaction {
                try connection.prepared(
                    """
                    UPDATE sessions SET patient_name = ?, patient_id = ?, patient_id_system = ?, work_type = ?,
                        priority = ?
                    WHERE id = ?
                    """
                ).run(ReportRows.values(properties) + [.text(id.rawValue)])
            }
        }
    }

    /// Forgets a session, unless the saved record says it holds a dictation (another process may
    /// record into it); its audio file is never touched here.
    public func deleteSession(id: SessionID) async throws {
        try await perform { connection in
            try connection.writeTransaction {
                try connection.prepared(
                    "DELETE FROM sessions WHERE id = ? AND (state = 'notRecording' OR audio_file IS NULL)"
                ).run([.text(id.rawValue)])
            }
        }
    }

    /// Inserts or replaces a session inside the caller's transaction.
    static func save(_ session: SessionRecord, in connection: Connection) throws {
        try connection.prepared(
            """
            INSERT INTO sessions (id, name, locale, state, elapsed_us, audio_file, created_us, updated_us, author,
                patient_name, patient_id, patient_id_system, work_type, priority)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, locale = excluded.locale,
                state = excluded.state, elapsed_us = excluded.elapsed_us, audio_file = excluded.audio_file,
                created_us = excluded.created_us, updated_us = excluded.updated_us, author = excluded.author,
                patient_name = excluded.patient_name, patient_id = excluded.patient_id,
                patient_id_system = excluded.patient_id_system, work_type = excluded.work_type,
                priority = excluded.priority
            """
        ).run(
            [
                .text(session.id.rawValue), .text(session.name), .text(session.locale),
                .text(session.state.rawValue), .integer(StoredTime.microseconds(session.elapsed)),
                .optional(session.audioFile?.path), .integer(StoredTime.microseconds(session.created)),
                .integer(StoredTime.microseconds(session.updated)), .optional(session.author),
            ] + ReportRows.values(session.properties))
    }

    private static let sessionColumns = """
        id, name, locale, state, elapsed_us, audio_file, created_us, updated_us, author, patient_name, patient_id,
        patient_id_system, work_type, priority
        """

    /// Their state is returned as saved; the core brings a session that was recording back paused.
    private static func sessionRecord(_ row: Row) -> SessionRecord {
        SessionRecord(
            id: SessionID(row.text(0)), name: row.text(1), locale: row.text(2),
            state: RecordingState(rawValue: row.text(3)) ?? .paused,
            elapsed: StoredTime.duration(row.integer(4)),
            audioFile: row.optionalText(5).map { URL(fileURLWithPath: $0) },
            created: StoredTime.date(row.integer(6)), updated: StoredTime.date(row.integer(7)),
            author: row.optionalText(8), properties: ReportRows.properties(row, patient: 9, workType: 12, priority: 13))
    }
}

extension StationDatabase: SettingsStore {
    public func setting(_ key: String) async throws -> String? {
        try await perform { connection in
            try connection.prepared("SELECT value FROM settings WHERE key = ?").firstRow([.text(key)]) { $0.text(0) }
        }
    }

    /// Sets a setting; nil removes it.
    public func setSetting(_ key: String, _ value: String?) async throws {
        try await perform { connection in
            try connection.writeTransaction {
                if let value {
                    try connection.prepared(
                        "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"
                    ).run([.text(key), .text(value)])
                } else {
                    try connection.prepared("DELETE FROM settings WHERE key = ?").run([.text(key)])
                }
            }
        }
    }
}
