/// The database schema as a list of migrations: `migrations[n]` takes a database from version `n` to
/// `n + 1`. `PRAGMA user_version` holds the version a database is at. Never edit a shipped migration;
/// add the next one.
enum Schema {
    static let migrations = [version1, version2, version3, version4, version5, version6]

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

    /// The clinical workflow: who made each report, revision, session and step; the patient, work type
    /// and priority of sessions and reports; phases draft → corrected → signed (→ amended) with the
    /// signer; the steps of each report; patients in the full-text index. Reports from before keep
    /// every field, with their author unknown (NULL). `status` stays as 'draft' or 'final' for older
    /// readers; `phase` is the truth.
    static let version3 = """
        ALTER TABLE reports ADD COLUMN author TEXT;
        ALTER TABLE reports ADD COLUMN patient_name TEXT;
        ALTER TABLE reports ADD COLUMN patient_id TEXT;
        ALTER TABLE reports ADD COLUMN patient_id_system TEXT;
        ALTER TABLE reports ADD COLUMN work_type TEXT NOT NULL DEFAULT 'progress-note';
        ALTER TABLE reports ADD COLUMN priority TEXT NOT NULL DEFAULT 'normal'
            CHECK (priority IN ('normal', 'urgent'));
        ALTER TABLE reports ADD COLUMN phase TEXT NOT NULL DEFAULT 'draft'
            CHECK (phase IN ('draft', 'corrected', 'signed', 'amended'));
        ALTER TABLE reports ADD COLUMN signed_by TEXT;
        ALTER TABLE reports ADD COLUMN signed_us INTEGER;
        UPDATE reports SET phase = CASE
            WHEN status = 'final' THEN 'signed'
            WHEN EXISTS (SELECT 1 FROM revisions WHERE report_id = reports.id) THEN 'corrected'
            ELSE 'draft' END;
        CREATE INDEX reports_urgent_newest ON reports ((priority = 'urgent') DESC, created_us DESC, id DESC);

        ALTER TABLE revisions ADD COLUMN author TEXT;
        ALTER TABLE revisions ADD COLUMN reason TEXT;

        ALTER TABLE sessions ADD COLUMN author TEXT;
        ALTER TABLE sessions ADD COLUMN patient_name TEXT;
        ALTER TABLE sessions ADD COLUMN patient_id TEXT;
        ALTER TABLE sessions ADD COLUMN patient_id_system TEXT;
        ALTER TABLE sessions ADD COLUMN work_type TEXT NOT NULL DEFAULT 'progress-note';
        ALTER TABLE sessions ADD COLUMN priority TEXT NOT NULL DEFAULT 'normal'
            CHECK (priority IN ('normal', 'urgent'));

        CREATE TABLE report_events (
            report_id INTEGER NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
            time_us INTEGER NOT NULL,
            action TEXT NOT NULL CHECK (action IN ('created', 'corrected', 'signed', 'amended')),
            actor TEXT,
            reason TEXT
        ) STRICT;
        CREATE INDEX report_events_by_report ON report_events (report_id, time_us);
        INSERT INTO report_events (report_id, time_us, action) SELECT id, created_us, 'created' FROM reports;
        INSERT INTO report_events (report_id, time_us, action)
            SELECT report_id, created_us, 'corrected' FROM revisions;

        DROP TRIGGER reports_fts_insert;
        DROP TRIGGER reports_fts_delete;
        DROP TRIGGER reports_fts_update;
        DROP TABLE reports_fts;
        CREATE VIRTUAL TABLE reports_fts USING fts5 (
            text, session_name, patient_name, patient_id, content = 'reports', content_rowid = 'id',
            tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
        );
        CREATE TRIGGER reports_fts_insert AFTER INSERT ON reports BEGIN
            INSERT INTO reports_fts (rowid, text, session_name, patient_name, patient_id)
                VALUES (new.id, new.text, new.session_name, new.patient_name, new.patient_id);
        END;
        CREATE TRIGGER reports_fts_delete AFTER DELETE ON reports BEGIN
            INSERT INTO reports_fts (reports_fts, rowid, text, session_name, patient_name, patient_id)
                VALUES ('delete', old.id, old.text, old.session_name, old.patient_name, old.patient_id);
        END;
        CREATE TRIGGER reports_fts_update AFTER UPDATE OF text, session_name, patient_name, patient_id ON reports
        BEGIN
            INSERT INTO reports_fts (reports_fts, rowid, text, session_name, patient_name, patient_id)
                VALUES ('delete', old.id, old.text, old.session_name, old.patient_name, old.patient_id);
            INSERT INTO reports_fts (rowid, text, session_name, patient_name, patient_id)
                VALUES (new.id, new.text, new.session_name, new.patient_name, new.patient_id);
        END;
        INSERT INTO reports_fts (reports_fts) VALUES ('rebuild');
        """

    /// The decoder's words of each report (text, times, confidence) as one compact JSON array
    /// (`WordsColumn`), in a table of its own so the report list never reads them. Reports from before
    /// have none; deleting a report deletes its words.
    static let version4 = """
        CREATE TABLE report_words (
            report_id INTEGER PRIMARY KEY REFERENCES reports (id) ON DELETE CASCADE,
            words TEXT NOT NULL
        ) STRICT;
        """

    /// A report's life as the store enforces it: a report taken out of use is entered in error (who,
    /// when, why) and kept; a signed or amended report, or one entered in error, is never deleted, and
    /// a signature or an entry in error is never taken back, whoever writes the database. A draft its
    /// author deletes leaves a step in its session's history (`session_events`). Every report, revision,
    /// step and word from before is kept; `report_events` is rebuilt to take the new step.
    static let version5 = """
        ALTER TABLE reports ADD COLUMN entered_in_error_us INTEGER;
        ALTER TABLE reports ADD COLUMN entered_in_error_by TEXT;
        ALTER TABLE reports ADD COLUMN entered_in_error_reason TEXT;

        CREATE TRIGGER reports_kept_when_signed BEFORE DELETE ON reports
        WHEN old.phase IN ('signed', 'amended') OR old.entered_in_error_us IS NOT NULL
        BEGIN
            SELECT RAISE(ABORT, 'a signed or amended report, or one entered in error, is never deleted');
        END;
        CREATE TRIGGER reports_signature_kept BEFORE UPDATE OF phase ON reports
        WHEN old.phase IN ('signed', 'amended') AND new.phase NOT IN ('signed', 'amended')
        BEGIN
            SELECT RAISE(ABORT, 'a signed report stays signed: a change to it is an amendment');
        END;
        CREATE TRIGGER reports_entered_in_error_kept BEFORE UPDATE ON reports
        WHEN old.entered_in_error_us IS NOT NULL
        BEGIN
            SELECT RAISE(ABORT, 'a report entered in error is kept as it is');
        END;
        CREATE TRIGGER reports_entered_in_error_complete BEFORE UPDATE OF entered_in_error_us ON reports
        WHEN new.entered_in_error_us IS NOT NULL
            AND (new.entered_in_error_by IS NULL OR trim(coalesce(new.entered_in_error_reason, '')) = '')
        BEGIN
            SELECT RAISE(ABORT, 'a report is entered in error by someone, with a reason');
        END;

        CREATE TABLE report_events_5 (
            report_id INTEGER NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
            time_us INTEGER NOT NULL,
            action TEXT NOT NULL
                CHECK (action IN ('created', 'corrected', 'signed', 'amended', 'entered-in-error')),
            actor TEXT,
            reason TEXT
        ) STRICT;
        INSERT INTO report_events_5 (rowid, report_id, time_us, action, actor, reason)
            SELECT rowid, report_id, time_us, action, actor, reason FROM report_events;
        DROP TABLE report_events;
        ALTER TABLE report_events_5 RENAME TO report_events;
        CREATE INDEX report_events_by_report ON report_events (report_id, time_us);

        CREATE TABLE session_events (
            session_name TEXT NOT NULL,
            time_us INTEGER NOT NULL,
            action TEXT NOT NULL CHECK (action IN ('report-deleted')),
            actor TEXT,
            report_id INTEGER,
            report_phase TEXT,
            report_author TEXT,
            report_created_us INTEGER
        ) STRICT;
        CREATE INDEX session_events_by_report ON session_events (report_id);
        """

    /// Search finds a patient by the digits of their identifier ("200871" finds "MRN200871", whose one
    /// word the tokenizer cannot split): the store writes them beside the identifier
    /// (`Patient.identifierDigits`), and the full-text index takes them as a column of its own. The
    /// reports from before get theirs here (a recursive CTE, as SQL has no pattern replace).
    static let version6 = """
        ALTER TABLE reports ADD COLUMN patient_id_digits TEXT;
        UPDATE reports SET patient_id_digits = (
            WITH RECURSIVE kept (position, digits) AS (
                SELECT 1, ''
                UNION ALL
                SELECT position + 1, digits || CASE WHEN substr(reports.patient_id, position, 1) BETWEEN '0' AND '9'
                    THEN substr(reports.patient_id, position, 1) ELSE '' END
                FROM kept WHERE position <= length(reports.patient_id)
            )
            SELECT nullif(digits, '') FROM kept ORDER BY position DESC LIMIT 1)
        WHERE patient_id IS NOT NULL;

        DROP TRIGGER reports_fts_insert;
        DROP TRIGGER reports_fts_delete;
        DROP TRIGGER reports_fts_update;
        DROP TABLE reports_fts;
        CREATE VIRTUAL TABLE reports_fts USING fts5 (
            text, session_name, patient_name, patient_id, patient_id_digits, content = 'reports',
            content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
        );
        CREATE TRIGGER reports_fts_insert AFTER INSERT ON reports BEGIN
            INSERT INTO reports_fts (rowid, text, session_name, patient_name, patient_id, patient_id_digits)
                VALUES (new.id, new.text, new.session_name, new.patient_name, new.patient_id, new.patient_id_digits);
        END;
        CREATE TRIGGER reports_fts_delete AFTER DELETE ON reports BEGIN
            INSERT INTO reports_fts (reports_fts, rowid, text, session_name, patient_name, patient_id, patient_id_digits)
                VALUES ('delete', old.id, old.text, old.session_name, old.patient_name, old.patient_id,
                    old.patient_id_digits);
        END;
        CREATE TRIGGER reports_fts_update
        AFTER UPDATE OF text, session_name, patient_name, patient_id, patient_id_digits ON reports
        BEGIN
            INSERT INTO reports_fts (reports_fts, rowid, text, session_name, patient_name, patient_id, patient_id_digits)
                VALUES ('delete', old.id, old.text, old.session_name, old.patient_name, old.patient_id,
                    old.patient_id_digits);
            INSERT INTO reports_fts (rowid, text, session_name, patient_name, patient_id, patient_id_digits)
                VALUES (new.id, new.text, new.session_name, new.patient_name, new.patient_id, new.patient_id_digits);
        END;
        INSERT INTO reports_fts (reports_fts) VALUES ('rebuild');
        """
}
