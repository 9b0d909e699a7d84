/// The database schema as a list of migrations: `migrations[n]` takes a database from version `n` to
/// `n + 1`. `PRAGMA user_version` holds the version a database is at. Never edit a shipped migration;
/// add the next one.
enum Schema {
    static let migrations = [version1, version2]

    /// The version this build writes and the newest it can read.
    static var latestVersion: Int { migrations.count }

    /// Sessions, reports with their revisions, settings, and full-text search over report text.
    static let version1 = """
        CREATE TABLE sessions (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            locale TEXT NOT NULL,
            state TEXT NOT NULL,
            elapsed_us INTEGER NOT NULL,
            audio_file TEXT,
            created_us INTEGER NOT NULL,
            updated_us INTEGER NOT NULL
        ) STRICT;

        -- AUTOINCREMENT: the id of a deleted report is never given to another.
        CREATE TABLE reports (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            session_name TEXT NOT NULL,
            locale TEXT NOT NULL,
            created_us INTEGER NOT NULL,
            duration_us INTEGER NOT NULL,
            audio_file TEXT,
            original_text TEXT NOT NULL,
            text TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('draft', 'final'))
        ) STRICT;
        CREATE INDEX reports_newest_first ON reports (created_us DESC, id DESC);

        CREATE TABLE revisions (
            report_id INTEGER NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            text TEXT NOT NULL,
            created_us INTEGER NOT NULL,
            PRIMARY KEY (report_id, number)
        ) STRICT;

        CREATE TABLE settings (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        ) STRICT;

        CREATE VIRTUAL TABLE reports_fts USING fts5 (
            text, content = 'reports', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER reports_fts_insert AFTER INSERT ON reports BEGIN
            INSERT INTO reports_fts (rowid, text) VALUES (new.id, new.text);
        END;
        CREATE TRIGGER reports_fts_delete AFTER DELETE ON reports BEGIN
            INSERT INTO reports_fts (reports_fts, rowid, text) VALUES ('delete', old.id, old.text);
        END;
        CREATE TRIGGER reports_fts_update AFTER UPDATE OF text ON reports BEGIN
            INSERT INTO reports_fts (reports_fts, rowid, text) VALUES ('delete', old.id, old.text);
            INSERT INTO reports_fts (rowid, text) VALUES (new.id, new.text);
        END;
        """

    /// The decoder's confidence per report, and session names in the full-text index (rebuilt from
    /// the reports already stored).
    static let version2 = """
        ALTER TABLE reports ADD COLUMN confidence REAL;

        DROP TRIGGER reports_fts_insert;
        DROP TRIGGER reports_fts_delete;
        DROP TRIGGER reports_fts_update;
        DROP TABLE reports_fts;

        CREATE VIRTUAL TABLE reports_fts USING fts5 (
            text, session_name, content = 'reports', content_rowid = 'id',
            tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
        );
        CREATE TRIGGER reports_fts_insert AFTER INSERT ON reports BEGIN
            INSERT INTO reports_fts (rowid, text, session_name) VALUES (new.id, new.text, new.session_name);
        END;
        CREATE TRIGGER reports_fts_delete AFTER DELETE ON reports BEGIN
            INSERT INTO reports_fts (reports_fts, rowid, text, session_name)
                VALUES ('delete', old.id, old.text, old.session_name);
        END;
        CREATE TRIGGER reports_fts_update AFTER UPDATE OF text, session_name ON reports BEGIN
            INSERT INTO reports_fts (reports_fts, rowid, text, session_name)
                VALUES ('delete', old.id, old.text, old.session_name);
            INSERT INTO reports_fts (rowid, text, session_name) VALUES (new.id, new.text, new.session_name);
        END;
        INSERT INTO reports_fts (reports_fts) VALUES ('rebuild');
        """
}
