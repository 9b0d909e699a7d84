extension ClinicSchema {
    /// Version 6: the care workers' voice profiles and the clinic vocabulary, so that both follow a care
    /// worker to every workstation.
    ///
    /// A voice profile is its author's alone: only they read it, train it and reset it (`session_user`,
    /// whatever the client sends). It is a record and the files of an acoustic model folder, in 1 MB
    /// chunks (`STORAGE EXTERNAL`, as the reports' audio), sealed with each file's sha256 computed by the
    /// database. A new training's profile is written whole in one transaction and sealed there, which
    /// takes the old one away in the same commit: a reader sees the old profile or the new one, never a
    /// mix. A deferred check refuses a commit that leaves a profile unsealed.
    ///
    /// The clinic vocabulary is every member's: each reads it and adds to it, and the database records
    /// who added (or last said anew) each word, and when. A change notifies `dictation_changes`, as a
    /// report's step does, so running stations copy the words again.
    static let version6 = #"""
        CREATE TABLE voice_profiles (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            author text NOT NULL DEFAULT session_user,
            locale text NOT NULL CHECK (locale ~ '^[A-Za-z][A-Za-z0-9-]{0,19}$'),
            record jsonb NOT NULL,
            sealed boolean NOT NULL DEFAULT false,
            installed timestamptz NOT NULL DEFAULT now()
        );
        CREATE UNIQUE INDEX voice_profiles_in_use ON voice_profiles (author, locale) WHERE sealed;
        CREATE TABLE voice_profile_files (
            profile_id bigint NOT NULL REFERENCES voice_profiles (id) ON DELETE CASCADE,
            name text NOT NULL CHECK (name ~ '^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$'),
            number integer NOT NULL CHECK (number >= 0),
            chunk bytea NOT NULL,
            PRIMARY KEY (profile_id, name, number)
        );
        ALTER TABLE voice_profile_files ALTER COLUMN chunk SET STORAGE EXTERNAL;
        CREATE TABLE voice_profile_digests (
            profile_id bigint NOT NULL REFERENCES voice_profiles (id) ON DELETE CASCADE,
            name text NOT NULL,
            sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
            bytes bigint NOT NULL CHECK (bytes >= 0),
            chunks integer NOT NULL CHECK (chunks > 0),
            PRIMARY KEY (profile_id, name)
        );
        CREATE TABLE voice_profile_attempts (
            author text NOT NULL DEFAULT session_user,
            locale text NOT NULL CHECK (locale ~ '^[A-Za-z][A-Za-z0-9-]{0,19}$'),
            attempt jsonb NOT NULL,
            PRIMARY KEY (author, locale)
        );

        -- A new profile, or a training's attempt, is the one who connects', whatever the client sent; a
        -- profile is sealed only by seal_voice_profile.
        CREATE FUNCTION voice_profile_inserting() RETURNS trigger LANGUAGE plpgsql
            SET search_path = dictation, pg_catalog, pg_temp AS $$
        BEGIN
            NEW.author := session_user;
            IF TG_TABLE_NAME = 'voice_profiles' THEN
                NEW.sealed := false;
                NEW.installed := now();
            END IF;
            RETURN NEW;
        END $$;
        CREATE TRIGGER voice_profile_inserting BEFORE INSERT ON voice_profiles
            FOR EACH ROW EXECUTE FUNCTION voice_profile_inserting();
        CREATE TRIGGER voice_profile_inserting BEFORE INSERT ON voice_profile_attempts
            FOR EACH ROW EXECUTE FUNCTION voice_profile_inserting();

        -- The profile whose files are being written: the one connected's, made in this very transaction,
        -- and not sealed yet.
        CREATE FUNCTION voice_profile_taking_files(profile bigint) RETURNS voice_profiles LANGUAGE plpgsql
            SECURITY DEFINER SET search_path = dictation, pg_catalog, pg_temp AS $$
        DECLARE
            found_profile voice_profiles;
        BEGIN
            SELECT * INTO found_profile FROM voice_profiles p WHERE p.id = profile AND p.author = session_user
                AND NOT p.sealed AND p.xmin = pg_current_xact_id()::xid FOR UPDATE;
            IF NOT FOUND THEN
                RAISE EXCEPTION 'Voice profile %: its files are written only by its author, with the profile itself.',
                    profile USING ERRCODE = 'DS010';
            END IF;
            RETURN found_profile;
        END $$;

        CREATE FUNCTION voice_profile_file_inserting() RETURNS trigger LANGUAGE plpgsql
            SET search_path = dictation, pg_catalog, pg_temp AS $$
        BEGIN
            PERFORM voice_profile_taking_files(NEW.profile_id);
            RETURN NEW;
        END $$;
        CREATE TRIGGER voice_profile_file_inserting BEFORE INSERT ON voice_profile_files
            FOR EACH ROW EXECUTE FUNCTION voice_profile_file_inserting();

        -- Seals a profile: every file's chunks numbered 0…n-1, its sha256 and length recorded, a model
        -- definition among them, its record naming its author and locale; then it replaces the author's
        -- profile of that locale. Returns how many files it holds.
        CREATE FUNCTION seal_voice_profile(profile bigint) RETURNS integer LANGUAGE plpgsql SECURITY DEFINER
            SET search_path = dictation, pg_catalog, pg_temp AS $$
        DECLARE
            found_profile voice_profiles := voice_profile_taking_files(profile);
            files integer;
        BEGIN
            IF found_profile.record ->> 'author' IS DISTINCT FROM session_user
                OR found_profile.record ->> 'locale' IS DISTINCT FROM found_profile.locale THEN
                RAISE EXCEPTION 'Voice profile %: its record names another author or locale.', profile
                    USING ERRCODE = 'DS010';
            END IF;
            IF EXISTS (SELECT FROM voice_profile_files f WHERE f.profile_id = profile GROUP BY f.name
                    HAVING max(f.number) <> count(*) - 1) THEN
                RAISE EXCEPTION 'Voice profile %: a chunk of a file is missing.', profile USING ERRCODE = 'DS012';
            END IF;
            IF NOT EXISTS (SELECT FROM voice_profile_files f WHERE f.profile_id = profile AND f.name = 'mdef') THEN
                RAISE EXCEPTION 'Voice profile %: it holds no model definition (mdef).', profile USING ERRCODE = 'DS012';
            END IF;
            INSERT INTO voice_profile_digests (profile_id, name, sha256, bytes, chunks)
                SELECT profile, f.name, encode(sha256(string_agg(f.chunk, ''::bytea ORDER BY f.number)), 'hex'),
                    sum(length(f.chunk)), count(*)
                FROM voice_profile_files f WHERE f.profile_id = profile GROUP BY f.name;
            GET DIAGNOSTICS files = ROW_COUNT;
            DELETE FROM voice_profiles p WHERE p.author = session_user AND p.locale = found_profile.locale AND p.sealed;
            UPDATE voice_profiles SET sealed = true WHERE id = profile;
            RETURN files;
        END $$;

        -- No profile is committed unsealed.
        CREATE FUNCTION voice_profile_sealed() RETURNS trigger LANGUAGE plpgsql
            SET search_path = dictation, pg_catalog, pg_temp AS $$
        BEGIN
            IF EXISTS (SELECT FROM voice_profiles p WHERE p.id = NEW.id AND NOT p.sealed) THEN
                RAISE EXCEPTION 'Voice profile %: it was not completed.', NEW.id USING ERRCODE = 'DS012';
            END IF;
            RETURN NULL;
        END $$;
        CREATE CONSTRAINT TRIGGER voice_profile_sealed AFTER INSERT ON voice_profiles DEFERRABLE INITIALLY DEFERRED
            FOR EACH ROW EXECUTE FUNCTION voice_profile_sealed();

        -- A profile's files never change; they go only with their profile.
        CREATE TRIGGER insert_only BEFORE UPDATE ON voice_profile_files FOR EACH ROW EXECUTE FUNCTION insert_only();
        CREATE TRIGGER insert_only BEFORE UPDATE ON voice_profile_digests FOR EACH ROW EXECUTE FUNCTION insert_only();

        ALTER TABLE voice_profiles ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
        ALTER TABLE voice_profile_files ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
        ALTER TABLE voice_profile_digests ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
        ALTER TABLE voice_profile_attempts ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;

        CREATE POLICY authors_read ON voice_profiles FOR SELECT TO clinic USING (author = session_user);
        CREATE POLICY authors_train ON voice_profiles FOR INSERT TO clinic
            WITH CHECK (is_member() AND author = session_user AND NOT sealed);
        CREATE POLICY authors_reset ON voice_profiles FOR DELETE TO clinic USING (author = session_user);
        CREATE POLICY owner_seals ON voice_profiles FOR ALL TO dictation_owner USING (true) WITH CHECK (true);

        CREATE POLICY authors_read ON voice_profile_files FOR SELECT TO clinic
            USING (EXISTS (SELECT FROM voice_profiles p WHERE p.id = profile_id AND p.author = session_user));
        CREATE POLICY authors_train ON voice_profile_files FOR INSERT TO clinic WITH CHECK (is_member());
        CREATE POLICY owner_seals ON voice_profile_files FOR SELECT TO dictation_owner USING (true);

        CREATE POLICY authors_read ON voice_profile_digests FOR SELECT TO clinic
            USING (EXISTS (SELECT FROM voice_profiles p WHERE p.id = profile_id AND p.author = session_user));
        CREATE POLICY owner_seals ON voice_profile_digests FOR ALL TO dictation_owner USING (true) WITH CHECK (true);

        CREATE POLICY authors_keep ON voice_profile_attempts FOR ALL TO clinic
            USING (author = session_user) WITH CHECK (is_member() AND author = session_user);

        GRANT SELECT, DELETE ON voice_profiles, voice_profile_attempts TO clinic;
        GRANT INSERT (locale, record) ON voice_profiles TO clinic;
        GRANT SELECT ON voice_profile_files, voice_profile_digests TO clinic;
        GRANT INSERT (profile_id, name, number, chunk) ON voice_profile_files TO clinic;
        GRANT INSERT (locale, attempt), UPDATE (attempt) ON voice_profile_attempts TO clinic;
        REVOKE EXECUTE ON FUNCTION seal_voice_profile(bigint) FROM PUBLIC;
        GRANT EXECUTE ON FUNCTION seal_voice_profile(bigint) TO clinic;

        CREATE TABLE vocabulary (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            locale text NOT NULL CHECK (locale ~ '^[A-Za-z][A-Za-z0-9-]{0,19}$'),
            word text NOT NULL CHECK (length(word) BETWEEN 1 AND 40 AND word !~ '\s'),
            phones text NOT NULL CHECK (phones ~ '^\S{1,16}( \S{1,16}){0,39}$'),
            added_by text NOT NULL DEFAULT session_user,
            added_at timestamptz NOT NULL DEFAULT now(),
            UNIQUE (locale, word)
        );
        -- Who added a word, or last said it anew, is the one who connects, whatever the client sent.
        CREATE FUNCTION vocabulary_changing() RETURNS trigger LANGUAGE plpgsql
            SET search_path = dictation, pg_catalog, pg_temp AS $$
        BEGIN
            NEW.added_by := session_user;
            NEW.added_at := now();
            RETURN NEW;
        END $$;
        CREATE TRIGGER vocabulary_changing BEFORE INSERT OR UPDATE ON vocabulary
            FOR EACH ROW EXECUTE FUNCTION vocabulary_changing();
        ALTER TABLE vocabulary ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
        CREATE POLICY members_read ON vocabulary FOR SELECT TO clinic USING ((SELECT is_member()));
        CREATE POLICY members_add ON vocabulary FOR INSERT TO clinic WITH CHECK (is_member() AND added_by = session_user);
        CREATE POLICY members_change ON vocabulary FOR UPDATE TO clinic
            USING ((SELECT is_member())) WITH CHECK (is_member() AND added_by = session_user);
        CREATE POLICY members_remove ON vocabulary FOR DELETE TO clinic USING ((SELECT is_member()));
        -- A running station copies the words again when told (ClinicStore's change feed).
        CREATE TRIGGER notify_change AFTER INSERT OR UPDATE OR DELETE ON vocabulary
            FOR EACH STATEMENT EXECUTE FUNCTION notify_change();
        GRANT SELECT, DELETE ON vocabulary TO clinic;
        GRANT INSERT (locale, word, phones), UPDATE (phones) ON vocabulary TO clinic;
        """#
}
