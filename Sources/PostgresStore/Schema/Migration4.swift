extension ClinicSchema {
    /// Version 4: search as good as the SQLite store's, and fast under row-level security.
    ///
    /// - Accents fold (`ozdemir` finds "Özdemir"): the text search configuration `dictation.folded` is
    ///   `simple` with the `unaccent` dictionary (PostgreSQL's contrib, in Debian's postgresql-15) before it.
    /// - The digits of a patient's identifier are words of the index themselves ("200871" finds
    ///   "MRN200871"), so every search is one indexed `@@`.
    /// - The read policies check membership once per statement (`(SELECT is_member())`, an InitPlan),
    ///   not once per row.
    /// - `@@` is not leakproof, so the planner never runs it before a policy and, under a policy, never
    ///   uses the full-text index. `search_reports` runs the search as the owner (whose policy is
    ///   `true`, so the index is usable) after checking membership itself, as the read policy does, and
    ///   returns only the ids of the reports found, in list order; the caller reads those rows as
    ///   itself, under the read policy.
    /// - The index is kept without a pending list (`fastupdate = off`): reports arrive one at a time, and
    ///   a pending list makes every search scan it until a vacuum.
    ///
    /// `unaccent` is installed by the superuser running `clinic init` (the rest runs as the owner), in
    /// `public` where extensions usually go (so the `dictation` schema holds only the owner's code); one
    /// already installed in the database, in any schema, is used where it is.
    static let version4 = #"""
        RESET ROLE;
        CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;
        SET LOCAL ROLE dictation_owner;

        CREATE TEXT SEARCH CONFIGURATION folded (COPY = pg_catalog.simple);
        DO $$
        BEGIN
            EXECUTE format(
                'ALTER TEXT SEARCH CONFIGURATION dictation.folded ALTER MAPPING FOR word, numword, hword, numhword, '
                || 'hword_part, hword_numpart WITH %s.unaccent, pg_catalog.simple',
                (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'unaccent'));
        END $$;

        ALTER TABLE reports DROP COLUMN search;
        ALTER TABLE reports ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('dictation.folded'::regconfig,
            text || ' ' || session_name || ' ' || coalesce(patient_name, '') || ' ' || coalesce(patient_identifier, '')
            || ' ' || regexp_replace(coalesce(patient_identifier, ''), '[^0-9]', '', 'g'))) STORED;
        CREATE INDEX reports_search ON reports USING gin (search) WITH (fastupdate = off);

        ALTER POLICY members_read ON reports USING ((SELECT is_member()));
        ALTER POLICY members_read ON report_revisions USING ((SELECT is_member()));
        ALTER POLICY members_read ON report_signatures USING ((SELECT is_member()));
        ALTER POLICY members_read ON report_retirements USING ((SELECT is_member()));
        ALTER POLICY members_read ON report_events USING ((SELECT is_member()));
        ALTER POLICY members_see_sessions ON sessions USING ((SELECT is_member()));
        ALTER POLICY members_read ON report_audio USING ((SELECT is_member()));
        ALTER POLICY members_read ON report_audio_digests USING ((SELECT is_member()));

        -- What was typed as a query: each of its words, folded as the reports are, must begin a word.
        -- Quoted, so nothing typed is read as query syntax; NULL when nothing is left to search for.
        CREATE FUNCTION typed_query(typed text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE
            SET search_path = dictation, pg_catalog, pg_temp
            AS $$ SELECT to_tsquery('dictation.folded', string_agg(quote_literal(lexeme) || ':*', ' & '))
                FROM unnest(to_tsvector('dictation.folded', typed)) $$;

        -- The ids of the reports a search finds, in the list's order (urgent first, newest first), with
        -- the list's filters. Only for the clinic's members, as the read policy says; run as the owner so
        -- that the full-text index can answer, with the plan made for the very query typed (EXECUTE).
        CREATE FUNCTION search_reports(typed text, by_author text, unsigned_only boolean, urgent_only boolean,
            with_entered_in_error boolean, row_limit integer, row_offset integer)
            RETURNS TABLE (id bigint) LANGUAGE plpgsql STABLE SECURITY DEFINER
            SET search_path = dictation, pg_catalog, pg_temp AS $$
        BEGIN
            IF NOT is_member() THEN
                RETURN;
            END IF;
            RETURN QUERY EXECUTE
                'SELECT r.id FROM dictation.reports r WHERE r.search @@ $1
                    AND ($2::text IS NULL OR r.author = $2)
                    AND (NOT $3 OR r.status IN (''draft'', ''corrected''))
                    AND (NOT $4 OR r.priority = ''urgent'')
                    AND ($5 OR r.error_by IS NULL)
                ORDER BY (r.priority = ''urgent'') DESC, r.created DESC, r.id DESC
                LIMIT $6 OFFSET $7'
                USING typed_query(typed), by_author, unsigned_only, urgent_only, with_entered_in_error, row_limit, row_offset;
        END $$;
        REVOKE EXECUTE ON FUNCTION search_reports(text, text, boolean, boolean, boolean, integer, integer) FROM PUBLIC;
        GRANT EXECUTE ON FUNCTION search_reports(text, text, boolean, boolean, boolean, integer, integer) TO clinic;
        """#
}
