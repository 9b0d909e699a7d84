extension ClinicSchema {
    /// Version 2: each report's audio in the store, and each dictation stored once.
    ///
    /// The audio goes in 1 MB chunks (`bytea`, `STORAGE EXTERNAL`: audio does not compress, so no attempt
    /// is made), written by the report's author in the report's own transaction and sealed there with
    /// its sha256 and length, computed by the database from what it holds; a deferred check refuses a
    /// commit that leaves audio unsealed. Chunks and digests are never changed or deleted.
    ///
    /// `dictation_id` is the station's name for one dictation (its recording's name): unique, so a send
    /// repeated after a lost connection finds the report the first one made instead of making a second.
    static let version2 = #"""
        ALTER TABLE reports ADD COLUMN dictation_id text;
        CREATE UNIQUE INDEX reports_dictation ON reports (dictation_id);
        GRANT INSERT (dictation_id) ON reports TO clinic;

        CREATE TABLE report_audio (
            report_id bigint NOT NULL REFERENCES reports (id),
            number integer NOT NULL CHECK (number >= 0),
            chunk bytea NOT NULL,
            PRIMARY KEY (report_id, number)
        );
        ALTER TABLE report_audio ALTER COLUMN chunk SET STORAGE EXTERNAL;
        CREATE TABLE report_audio_digests (
            report_id bigint PRIMARY KEY REFERENCES reports (id),
            sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
            bytes bigint NOT NULL CHECK (bytes >= 0),
            chunks integer NOT NULL CHECK (chunks >= 0)
        );

        -- The report whose audio is being written: made by the one connected, in this very transaction,
        -- and not sealed yet.
        CREATE FUNCTION report_taking_audio(report bigint) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
            SET search_path = dictation, pg_catalog, pg_temp AS $$
        BEGIN
            IF NOT EXISTS (SELECT FROM reports r WHERE r.id = report AND r.author = session_user
                    AND r.xmin = pg_current_xact_id()::xid) THEN
                RAISE EXCEPTION 'Report %: its audio is written only by its author, with the report itself.', report
                    USING ERRCODE = 'DS010';
            END IF;
            IF EXISTS (SELECT FROM report_audio_digests d WHERE d.report_id = report) THEN
                RAISE EXCEPTION 'Report %: its audio is complete and never changes.', report USING ERRCODE = 'DS011';
            END IF;
        END $$;

        CREATE FUNCTION audio_inserting() RETURNS trigger LANGUAGE plpgsql
            SET search_path = dictation, pg_catalog, pg_temp AS $$
        BEGIN
            PERFORM report_taking_audio(NEW.report_id);
            RETURN NEW;
        END $$;
        CREATE TRIGGER audio_inserting BEFORE INSERT ON report_audio FOR EACH ROW EXECUTE FUNCTION audio_inserting();

        -- Seals a report's audio: its chunks numbered 0…n-1, their sha256 and length recorded. Returns the
        -- sha256 (hex), so the station can compare it with the recording it sent.
        CREATE FUNCTION seal_audio(report bigint) RETURNS text LANGUAGE plpgsql SECURITY DEFINER
            SET search_path = dictation, pg_catalog, pg_temp AS $$
        DECLARE
            digest text;
            total bigint;
            count integer;
            highest integer;
        BEGIN
            PERFORM report_taking_audio(report);
            SELECT encode(sha256(coalesce(string_agg(a.chunk, ''::bytea ORDER BY a.number), ''::bytea)), 'hex'),
                coalesce(sum(length(a.chunk)), 0), count(*), coalesce(max(a.number), -1)
                INTO digest, total, count, highest
                FROM report_audio a WHERE a.report_id = report;
            IF highest <> count - 1 THEN
                RAISE EXCEPTION 'Report %: a chunk of its audio is missing.', report USING ERRCODE = 'DS012';
            END IF;
            INSERT INTO report_audio_digests (report_id, sha256, bytes, chunks) VALUES (report, digest, total, count);
            RETURN digest;
        END $$;

        -- No audio is committed unsealed.
        CREATE FUNCTION audio_sealed() RETURNS trigger LANGUAGE plpgsql
            SET search_path = dictation, pg_catalog, pg_temp AS $$
        BEGIN
            IF NOT EXISTS (SELECT FROM report_audio_digests d WHERE d.report_id = NEW.report_id) THEN
                RAISE EXCEPTION 'Report %: its audio was not completed.', NEW.report_id USING ERRCODE = 'DS012';
            END IF;
            RETURN NULL;
        END $$;
        CREATE CONSTRAINT TRIGGER audio_sealed AFTER INSERT ON report_audio DEFERRABLE INITIALLY DEFERRED
            FOR EACH ROW EXECUTE FUNCTION audio_sealed();

        CREATE TRIGGER insert_only BEFORE UPDATE OR DELETE ON report_audio FOR EACH ROW EXECUTE FUNCTION insert_only();
        CREATE TRIGGER never_truncated BEFORE TRUNCATE ON report_audio FOR EACH STATEMENT EXECUTE FUNCTION insert_only();
        CREATE TRIGGER insert_only BEFORE UPDATE OR DELETE ON report_audio_digests
            FOR EACH ROW EXECUTE FUNCTION insert_only();
        CREATE TRIGGER never_truncated BEFORE TRUNCATE ON report_audio_digests
            FOR EACH STATEMENT EXECUTE FUNCTION insert_only();

        ALTER TABLE report_audio ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
        ALTER TABLE report_audio_digests ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
        CREATE POLICY members_read ON report_audio FOR SELECT TO clinic USING (is_member());
        CREATE POLICY authors_record ON report_audio FOR INSERT TO clinic WITH CHECK (is_member());
        CREATE POLICY members_read ON report_audio_digests FOR SELECT TO clinic USING (is_member());
        CREATE POLICY owner_seals ON report_audio_digests FOR ALL TO dictation_owner USING (true) WITH CHECK (true);
        CREATE POLICY owner_checks ON report_audio FOR SELECT TO dictation_owner USING (true);
        GRANT SELECT ON report_audio, report_audio_digests TO clinic;
        GRANT INSERT (report_id, number, chunk) ON report_audio TO clinic;
        GRANT EXECUTE ON FUNCTION seal_audio(bigint) TO clinic;
        REVOKE EXECUTE ON FUNCTION seal_audio(bigint) FROM PUBLIC;

        -- What a dictation is called never changes either.
        CREATE FUNCTION dictation_kept() RETURNS trigger LANGUAGE plpgsql
            SET search_path = dictation, pg_catalog, pg_temp AS $$
        BEGIN
            IF NEW.dictation_id IS DISTINCT FROM OLD.dictation_id THEN
                RAISE EXCEPTION 'Report %: what was dictated never changes.', OLD.id USING ERRCODE = 'DS010';
            END IF;
            RETURN NEW;
        END $$;
        CREATE TRIGGER dictation_kept BEFORE UPDATE ON reports FOR EACH ROW EXECUTE FUNCTION dictation_kept();
        """#
}
