extension ClinicSchema {
    /// Version 1: reports with their revisions, signatures, entries in error and audit events; sessions;
    /// settings per user; and the rules of a report's life, enforced here for every client, psql too.
    ///
    /// Who did a step is always `session_user`, filled in by the database: the columns naming a person
    /// cannot be given by a client (column privileges) and triggers overwrite them anyway. Clients never
    /// UPDATE or DELETE a report: they INSERT a revision, a signature or an entry in error, and triggers
    /// of the owner check the rule and apply it. Run as the owner role, with `search_path = dictation`.
    static let version1 = #"""
        CREATE FUNCTION is_member() RETURNS boolean LANGUAGE sql STABLE
            SET search_path = dictation, pg_catalog, pg_temp
            AS $$ SELECT pg_has_role(session_user, 'clinic', 'MEMBER') $$;
        CREATE FUNCTION is_transcriptionist() RETURNS boolean LANGUAGE sql STABLE
            SET search_path = dictation, pg_catalog, pg_temp
            AS $$ SELECT pg_has_role(session_user, 'transcriptionist', 'MEMBER') $$;

        CREATE TABLE reports (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            session_name text NOT NULL,
            locale text NOT NULL,
            created timestamptz NOT NULL,
            audio_duration_us bigint NOT NULL CHECK (audio_duration_us >= 0),
            audio_file text,
            original_text text NOT NULL,
            text text NOT NULL,
            status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'corrected', 'signed', 'amended')),
            confidence double precision,
            author text NOT NULL DEFAULT session_user,
            patient_name text,
            patient_identifier text,
            patient_system text,
            work_type text NOT NULL,
            priority text NOT NULL DEFAULT 'normal' CHECK (priority IN ('normal', 'urgent')),
            signed_by text,
            signed_at timestamptz,
            words jsonb NOT NULL DEFAULT '[]',
            error_by text,
            error_at timestamptz,
            error_reason text,
            search tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig,
                text || ' ' || session_name || ' ' || coalesce(patient_name, '') || ' '
                || coalesce(patient_identifier, ''))) STORED,
            CHECK ((status IN ('signed', 'amended')) = (signed_by IS NOT NULL AND signed_at IS NOT NULL)),
            CHECK ((error_by IS NULL) = (error_at IS NULL) AND (error_by IS NULL) = (error_reason IS NULL))
        );
        CREATE INDEX reports_search ON reports USING gin (search);
        CREATE INDEX reports_listed ON reports ((priority = 'urgent') DESC, created DESC, id DESC);

        CREATE TABLE report_revisions (
            report_id bigint NOT NULL REFERENCES reports (id),
            number integer NOT NULL,
            text text NOT NULL,
            created timestamptz NOT NULL DEFAULT now(),
            author text NOT NULL DEFAULT session_user,
            reason text,
            PRIMARY KEY (report_id, number)
        );
        CREATE TABLE report_signatures (
            report_id bigint PRIMARY KEY REFERENCES reports (id),
            signer text NOT NULL DEFAULT session_user,
            signed_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE report_retirements (
            report_id bigint PRIMARY KEY REFERENCES reports (id),
            actor text NOT NULL DEFAULT session_user,
            time timestamptz NOT NULL DEFAULT now(),
            reason text NOT NULL
        );
        -- The audit: written only by the owner's triggers, never changed.
        CREATE TABLE report_events (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            report_id bigint NOT NULL REFERENCES reports (id),
            action text NOT NULL CHECK (action IN ('created', 'corrected', 'signed', 'amended', 'entered-in-error')),
            actor text NOT NULL DEFAULT session_user,
            time timestamptz NOT NULL DEFAULT now(),
            reason text
        );
        CREATE INDEX report_events_of_report ON report_events (report_id, id);

        CREATE TABLE sessions (
            id text PRIMARY KEY,
            creator text NOT NULL DEFAULT session_user,
            name text NOT NULL,
            locale text NOT NULL,
            state text NOT NULL,
            elapsed_us bigint NOT NULL DEFAULT 0,
            audio_file text,
            created timestamptz NOT NULL,
            updated timestamptz NOT NULL,
            patient_name text,
            patient_identifier text,
            patient_system text,
            work_type text NOT NULL,
            priority text NOT NULL DEFAULT 'normal'
        );
        CREATE TABLE settings (
            owner text NOT NULL DEFAULT session_user,
            key text NOT NULL,
            value text NOT NULL,
            PRIMARY KEY (owner, key)
        );

        -- A new report is a draft of the one who connects, whatever the client sent.
        CREATE FUNCTION report_inserting() RETURNS trigger LANGUAGE plpgsql
            SET search_path = dictation, pg_catalog, pg_temp AS $$
        BEGIN
            NEW.author := session_user;
            NEW.status := 'draft';
            NEW.signed_by := NULL;
            NEW.signed_at := NULL;
            NEW.error_by := NULL;
            NEW.error_at := NULL;
            NEW.error_reason := NULL;
            RETURN NEW;
        END $$;
        CREATE TRIGGER report_inserting BEFORE INSERT ON reports FOR EACH ROW EXECUTE FUNCTION report_inserting();

        CREATE FUNCTION report_inserted() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
            SET search_path = dictation, pg_catalog, pg_temp AS $$
        BEGIN
            INSERT INTO report_events (report_id, action, actor) VALUES (NEW.id, 'created', session_user);
            RETURN NULL;
        END $$;
        CREATE TRIGGER report_inserted AFTER INSERT ON reports FOR EACH ROW EXECUTE FUNCTION report_inserted();

        -- Every change of a report, whoever makes it (the owner's triggers included), is a step of its life:
        -- what it was dictated as never changes, a signed report changes only as an amendment, a report
        -- entered in error changes no more.
        CREATE FUNCTION report_updating() RETURNS trigger LANGUAGE plpgsql
            SET search_path = dictation, pg_catalog, pg_temp AS $$
        BEGIN
            IF OLD.error_by IS NOT NULL THEN
                RAISE EXCEPTION 'Report % was entered in error: it is kept as it is.', OLD.id USING ERRCODE = 'DS006';
            END IF;
            IF (NEW.id, NEW.session_name, NEW.locale, NEW.created, NEW.audio_duration_us, NEW.original_text,
                NEW.author, NEW.patient_name, NEW.patient_identifier, NEW.patient_system, NEW.work_type,
                NEW.priority, NEW.words, NEW.confidence)
                IS DISTINCT FROM (OLD.id, OLD.session_name, OLD.locale, OLD.created, OLD.audio_duration_us,
                OLD.original_text, OLD.author, OLD.patient_name, OLD.patient_identifier, OLD.patient_system,
                OLD.work_type, OLD.priority, OLD.words, OLD.confidence) THEN
                RAISE EXCEPTION 'Report %: what was dictated, by whom and about whom never changes.', OLD.id
                    USING ERRCODE = 'DS010';
            END IF;
            IF NEW.error_by IS NOT NULL THEN
                IF (NEW.text, NEW.status, NEW.signed_by, NEW.signed_at)
                    IS DISTINCT FROM (OLD.text, OLD.status, OLD.signed_by, OLD.signed_at) THEN
                    RAISE EXCEPTION 'Report %: entering it in error changes nothing else.', OLD.id USING ERRCODE = 'DS010';
                END IF;
                RETURN NEW;
            END IF;
            IF OLD.status IN ('signed', 'amended') AND NEW.status <> 'amended' THEN
                RAISE EXCEPTION 'Report % is %: a signed report changes only by an amendment with a reason.',
                    OLD.id, OLD.status USING ERRCODE = 'DS010';
            END IF;
            IF OLD.status IN ('draft', 'corrected') AND NEW.status NOT IN ('corrected', 'signed') THEN
                RAISE EXCEPTION 'Report % is %: it cannot become %.', OLD.id, OLD.status, NEW.status
                    USING ERRCODE = 'DS010';
            END IF;
            IF NEW.status = 'signed' AND NEW.text IS DISTINCT FROM OLD.text THEN
                RAISE EXCEPTION 'Report %: signing it changes no text.', OLD.id USING ERRCODE = 'DS010';
            END IF;
            RETURN NEW;
        END $$;
        CREATE TRIGGER report_updating BEFORE UPDATE ON reports FOR EACH ROW EXECUTE FUNCTION report_updating();

        -- Nothing of a report's record is deleted or truncated, by anyone: a wrong report is entered in error.
        CREATE FUNCTION never_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            RAISE EXCEPTION 'Nothing is deleted from the clinic store (%): a wrong report is entered in error.',
                TG_TABLE_NAME USING ERRCODE = 'DS005';
        END $$;
        CREATE FUNCTION insert_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            RAISE EXCEPTION 'The clinic store''s % are only ever added to: they are never changed.', TG_TABLE_NAME
                USING ERRCODE = 'DS011';
        END $$;
        CREATE TRIGGER never_deleted BEFORE DELETE ON reports FOR EACH ROW EXECUTE FUNCTION never_deleted();
        CREATE TRIGGER never_truncated BEFORE TRUNCATE ON reports FOR EACH STATEMENT EXECUTE FUNCTION never_deleted();
        CREATE TRIGGER insert_only BEFORE UPDATE OR DELETE ON report_revisions FOR EACH ROW EXECUTE FUNCTION insert_only();
        CREATE TRIGGER never_truncated BEFORE TRUNCATE ON report_revisions FOR EACH STATEMENT EXECUTE FUNCTION insert_only();
        CREATE TRIGGER insert_only BEFORE UPDATE OR DELETE ON report_signatures FOR EACH ROW EXECUTE FUNCTION insert_only();
        CREATE TRIGGER never_truncated BEFORE TRUNCATE ON report_signatures FOR EACH STATEMENT EXECUTE FUNCTION insert_only();
        CREATE TRIGGER insert_only BEFORE UPDATE OR DELETE ON report_retirements FOR EACH ROW EXECUTE FUNCTION insert_only();
        CREATE TRIGGER never_truncated BEFORE TRUNCATE ON report_retirements FOR EACH STATEMENT EXECUTE FUNCTION insert_only();
        CREATE TRIGGER insert_only BEFORE UPDATE OR DELETE ON report_events FOR EACH ROW EXECUTE FUNCTION insert_only();
        CREATE TRIGGER never_truncated BEFORE TRUNCATE ON report_events FOR EACH STATEMENT EXECUTE FUNCTION insert_only();

        -- The report a step is about, locked until the step commits.
        CREATE FUNCTION locked_report(report bigint) RETURNS reports LANGUAGE plpgsql
            SET search_path = dictation, pg_catalog, pg_temp AS $$
        DECLARE
            found_report reports;
        BEGIN
            SELECT * INTO found_report FROM reports WHERE id = report FOR UPDATE;
            IF NOT FOUND THEN
                RAISE EXCEPTION 'There is no report %.', report USING ERRCODE = 'DS001';
            END IF;
            IF found_report.error_by IS NOT NULL THEN
                RAISE EXCEPTION 'Report % was entered in error: it is kept as it is.', report USING ERRCODE = 'DS006';
            END IF;
            RETURN found_report;
        END $$;

        -- A correction of a draft (its author, or a transcriptionist), or an amendment of a signed report
        -- (its author only, with a reason).
        CREATE FUNCTION revision_inserting() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
            SET search_path = dictation, pg_catalog, pg_temp AS $$
        DECLARE
            report reports := locked_report(NEW.report_id);
            changed_to text;
        BEGIN
            NEW.reason := nullif(btrim(NEW.reason), '');
            IF report.status IN ('draft', 'corrected') THEN
                IF NEW.reason IS NOT NULL THEN
                    RAISE EXCEPTION 'Report % is %: a reason goes only with an amendment of a signed report.',
                        report.id, report.status USING ERRCODE = 'DS003', DETAIL = report.status;
                END IF;
                IF report.author <> session_user AND NOT is_transcriptionist() THEN
                    RAISE EXCEPTION 'Report % is a draft of %: only its author or a transcriptionist corrects it.',
                        report.id, report.author USING ERRCODE = 'DS010';
                END IF;
                changed_to := 'corrected';
            ELSE
                IF NEW.reason IS NULL THEN
                    RAISE EXCEPTION 'Report % is signed: a change to it is an amendment and needs a reason.',
                        report.id USING ERRCODE = 'DS002';
                END IF;
                IF report.author <> session_user THEN
                    RAISE EXCEPTION 'Report % is signed: only its author, %, amends it.', report.id, report.author
                        USING ERRCODE = 'DS010';
                END IF;
                changed_to := 'amended';
            END IF;
            NEW.author := session_user;
            NEW.created := now();
            NEW.number := coalesce((SELECT max(number) FROM report_revisions WHERE report_id = report.id), 0) + 1;
            UPDATE reports SET text = NEW.text, status = changed_to,
                signed_by = CASE WHEN changed_to = 'amended' THEN session_user ELSE signed_by END,
                signed_at = CASE WHEN changed_to = 'amended' THEN now() ELSE signed_at END
                WHERE id = report.id;
            INSERT INTO report_events (report_id, action, actor, reason)
                VALUES (report.id, changed_to, session_user, NEW.reason);
            RETURN NEW;
        END $$;
        CREATE TRIGGER revision_inserting BEFORE INSERT ON report_revisions
            FOR EACH ROW EXECUTE FUNCTION revision_inserting();

        -- Only the author signs, as themselves, once; a transcriptionist never signs.
        CREATE FUNCTION signature_inserting() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
            SET search_path = dictation, pg_catalog, pg_temp AS $$
        DECLARE
            report reports := locked_report(NEW.report_id);
        BEGIN
            IF report.status IN ('signed', 'amended') THEN
                RAISE EXCEPTION 'Report % is signed already by %.', report.id, report.signed_by
                    USING ERRCODE = 'DS004', DETAIL = report.signed_by;
            END IF;
            IF is_transcriptionist() THEN
                RAISE EXCEPTION 'A transcriptionist does not sign: report % is signed by its author, %.',
                    report.id, report.author USING ERRCODE = 'DS010';
            END IF;
            IF report.author <> session_user THEN
                RAISE EXCEPTION 'Report % is signed only by its author, %.', report.id, report.author
                    USING ERRCODE = 'DS010';
            END IF;
            NEW.signer := session_user;
            NEW.signed_at := now();
            UPDATE reports SET status = 'signed', signed_by = session_user, signed_at = now() WHERE id = report.id;
            INSERT INTO report_events (report_id, action, actor) VALUES (report.id, 'signed', session_user);
            RETURN NEW;
        END $$;
        CREATE TRIGGER signature_inserting BEFORE INSERT ON report_signatures
            FOR EACH ROW EXECUTE FUNCTION signature_inserting();

        -- A wrong report is taken out of use by its author, with a reason, once; it is kept.
        CREATE FUNCTION retirement_inserting() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
            SET search_path = dictation, pg_catalog, pg_temp AS $$
        DECLARE
            report reports := locked_report(NEW.report_id);
        BEGIN
            NEW.reason := nullif(btrim(NEW.reason), '');
            IF NEW.reason IS NULL THEN
                RAISE EXCEPTION 'Report % is entered in error only with a reason.', report.id USING ERRCODE = 'DS007';
            END IF;
            IF report.author <> session_user THEN
                RAISE EXCEPTION 'Report % is entered in error only by its author, %.', report.id, report.author
                    USING ERRCODE = 'DS010';
            END IF;
            NEW.actor := session_user;
            NEW.time := now();
            UPDATE reports SET error_by = session_user, error_at = now(), error_reason = NEW.reason
                WHERE id = report.id;
            INSERT INTO report_events (report_id, action, actor, reason)
                VALUES (report.id, 'entered-in-error', session_user, NEW.reason);
            RETURN NEW;
        END $$;
        CREATE TRIGGER retirement_inserting BEFORE INSERT ON report_retirements
            FOR EACH ROW EXECUTE FUNCTION retirement_inserting();

        -- Sessions and settings belong to the one who made them, whatever the client sent.
        CREATE FUNCTION owned_by_session_user() RETURNS trigger LANGUAGE plpgsql
            SET search_path = dictation, pg_catalog, pg_temp AS $$
        BEGIN
            IF TG_TABLE_NAME = 'sessions' THEN
                NEW.creator := session_user;
            ELSE
                NEW.owner := session_user;
            END IF;
            RETURN NEW;
        END $$;
        CREATE TRIGGER owned_by_session_user BEFORE INSERT ON sessions
            FOR EACH ROW EXECUTE FUNCTION owned_by_session_user();
        CREATE TRIGGER owned_by_session_user BEFORE INSERT ON settings
            FOR EACH ROW EXECUTE FUNCTION owned_by_session_user();

        -- Row-level security, forced on the owner too: the owner's triggers act through its own policies.
        ALTER TABLE reports ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
        ALTER TABLE report_revisions ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
        ALTER TABLE report_signatures ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
        ALTER TABLE report_retirements ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
        ALTER TABLE report_events ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
        ALTER TABLE sessions ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
        ALTER TABLE settings ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;

        CREATE POLICY members_read ON reports FOR SELECT TO clinic USING (is_member());
        CREATE POLICY authors_dictate ON reports FOR INSERT TO clinic
            WITH CHECK (is_member() AND author = session_user AND status = 'draft');
        CREATE POLICY owner_applies ON reports FOR ALL TO dictation_owner USING (true) WITH CHECK (true);

        CREATE POLICY members_read ON report_revisions FOR SELECT TO clinic USING (is_member());
        CREATE POLICY correctors_revise ON report_revisions FOR INSERT TO clinic
            WITH CHECK (is_member() AND author = session_user);
        CREATE POLICY owner_reads ON report_revisions FOR SELECT TO dictation_owner USING (true);

        CREATE POLICY members_read ON report_signatures FOR SELECT TO clinic USING (is_member());
        CREATE POLICY authors_sign ON report_signatures FOR INSERT TO clinic
            WITH CHECK (is_member() AND signer = session_user AND NOT is_transcriptionist());

        CREATE POLICY members_read ON report_retirements FOR SELECT TO clinic USING (is_member());
        CREATE POLICY authors_retire ON report_retirements FOR INSERT TO clinic
            WITH CHECK (is_member() AND actor = session_user);

        CREATE POLICY members_read ON report_events FOR SELECT TO clinic USING (is_member());
        CREATE POLICY owner_records ON report_events FOR INSERT TO dictation_owner WITH CHECK (actor = session_user);

        CREATE POLICY members_see_sessions ON sessions FOR SELECT TO clinic USING (is_member());
        CREATE POLICY creators_add ON sessions FOR INSERT TO clinic WITH CHECK (is_member() AND creator = session_user);
        CREATE POLICY creators_change ON sessions FOR UPDATE TO clinic
            USING (creator = session_user) WITH CHECK (creator = session_user);
        CREATE POLICY creators_remove ON sessions FOR DELETE TO clinic USING (creator = session_user);
        CREATE POLICY owners_keep ON settings FOR ALL TO clinic
            USING (owner = session_user) WITH CHECK (owner = session_user);

        -- What a care worker may do at all; the columns naming a person or a phase are the database's.
        GRANT SELECT ON reports, report_revisions, report_signatures, report_retirements, report_events, sessions,
            settings TO clinic;
        GRANT INSERT (session_name, locale, created, audio_duration_us, audio_file, original_text, text, confidence,
            patient_name, patient_identifier, patient_system, work_type, priority, words) ON reports TO clinic;
        GRANT INSERT (report_id, text, reason) ON report_revisions TO clinic;
        GRANT INSERT (report_id) ON report_signatures TO clinic;
        GRANT INSERT (report_id, reason) ON report_retirements TO clinic;
        GRANT INSERT (id, name, locale, state, elapsed_us, audio_file, created, updated, patient_name,
            patient_identifier, patient_system, work_type, priority) ON sessions TO clinic;
        GRANT UPDATE (name, locale, state, elapsed_us, audio_file, updated, patient_name, patient_identifier,
            patient_system, work_type, priority) ON sessions TO clinic;
        GRANT DELETE ON sessions TO clinic;
        GRANT INSERT (key, value), UPDATE (value), DELETE ON settings TO clinic;
        """#
}
