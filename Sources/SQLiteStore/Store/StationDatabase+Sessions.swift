import Foundation
import StationCore

extension StationDatabase: SessionStore {
    /// Sessions in the order they were created. Their state is returned as saved; the core brings a
    /// session that was recording back paused.
    public func loadSessions() async throws -> [SessionRecord] {
        try await perform { connection in
            try connection.prepared(
                """
                SELECT id, name, locale, state, elapsed_us, audio_file, created_us, updated_us
                FROM sessions ORDER BY created_us, rowid
                """
            ).rows { row in
                SessionRecord(
                    id: SessionID(row.text(0)), name: row.text(1), locale: row.text(2),
                    state: RecordingState(rawValue: row.text(3)) ?? .paused,
                    elapsed: StoredTime.duration(row.integer(4)),
                    audioFile: row.optionalText(5).map { URL(fileURLWithPath: $0) },
                    created: StoredTime.date(row.integer(6)), updated: StoredTime.date(row.integer(7)))
            }
        }
    }

    public func save(_ session: SessionRecord) async throws {
        try await perform { connection in
            try connection.writeTransaction {
                try connection.prepared(
                    """
                    INSERT INTO sessions (id, name, locale, state, elapsed_us, audio_file, created_us, updated_us)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET name = excluded.name, locale = excluded.locale,
                        state = excluded.state, elapsed_us = excluded.elapsed_us, audio_file = excluded.audio_file,
                        created_us = excluded.created_us, updated_us = excluded.updated_us
                    """
                ).run([
                    .text(session.id.rawValue), .text(session.name), .text(session.locale),
                    .text(session.state.rawValue), .integer(StoredTime.microseconds(session.elapsed)),
                    .optional(session.audioFile?.path), .integer(StoredTime.microseconds(session.created)),
                    .integer(StoredTime.microseconds(session.updated)),
                ])
            }
        }
    }

    /// Forgets a session; its audio file is left alone (the core refuses to delete a session that
    /// holds an unsent dictation).
    public func deleteSession(id: SessionID) async throws {
        try await perform { connection in
            try connection.writeTransaction {
                try connection.prepared("DELETE FROM sessions WHERE id = ?").run([.text(id.rawValue)])
            }
        }
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
