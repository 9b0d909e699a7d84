extension ClinicSchema {
    /// Version 5: reports brought in from a one-person station (`clinic import-station`).
    ///
    /// An imported report is made as any other: by the one connected, who is its author, its corrector
    /// and its signer (the station's own store cannot vouch for any name it holds: whoever could write
    /// its file could write anything there). What the station said of the report (its steps, their
    /// times, the names it gave) goes into the audit as an `imported` event of the importer, in the
    /// transaction that made the report, so the history shows both: what the database saw, and what the
    /// station claimed.
    static let version5 = #"""
        ALTER TABLE report_events DROP CONSTRAINT report_events_action_check;
        ALTER TABLE report_events ADD CONSTRAINT report_events_action_check
            CHECK (action IN ('created', 'corrected', 'signed', 'amended', 'entered-in-error', 'imported'));

        -- One import per report.
        CREATE UNIQUE INDEX report_events_one_import ON report_events (report_id) WHERE action = 'imported';

        CREATE FUNCTION record_import(report bigint, account text) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
            SET search_path = dictation, pg_catalog, pg_temp AS $$
        BEGIN
            IF NOT EXISTS (SELECT FROM reports r WHERE r.id = report AND r.author = session_user
                    AND r.xmin = pg_current_xact_id()::xid) THEN
                RAISE EXCEPTION 'Report %: an import is recorded only by its author, with the report itself.', report
                    USING ERRCODE = 'DS010';
            END IF;
            INSERT INTO report_events (report_id, action, actor, reason)
                VALUES (report, 'imported', session_user, nullif(btrim(account), ''));
        END $$;
        REVOKE EXECUTE ON FUNCTION record_import(bigint, text) FROM PUBLIC;
        GRANT EXECUTE ON FUNCTION record_import(bigint, text) TO clinic;
        """#
}
