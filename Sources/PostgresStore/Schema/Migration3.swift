extension ClinicSchema {
    /// Version 3: a notification on channel `dictation_changes` at the commit of every change another
    /// station shows: a report's step (new, corrected, signed, amended, entered in error: each writes an
    /// event) and a session made, changed (not its running time, which changes every second of a
    /// recording) or deleted. The payload names the table and nothing else: anyone may notify any
    /// channel, so a notification only ever means "read again".
    static let version3 = #"""
        CREATE FUNCTION notify_change() RETURNS trigger LANGUAGE plpgsql
            SET search_path = dictation, pg_catalog, pg_temp AS $$
        BEGIN
            PERFORM pg_notify('dictation_changes', TG_TABLE_NAME);
            RETURN NULL;
        END $$;
        CREATE TRIGGER notify_change AFTER INSERT ON report_events
            FOR EACH STATEMENT EXECUTE FUNCTION notify_change();
        CREATE TRIGGER notify_change AFTER INSERT OR DELETE ON sessions
            FOR EACH STATEMENT EXECUTE FUNCTION notify_change();
        CREATE TRIGGER notify_session_change AFTER UPDATE ON sessions FOR EACH ROW
            WHEN ((OLD.name, OLD.locale, OLD.state, OLD.audio_file, OLD.patient_name, OLD.patient_identifier,
                OLD.patient_system, OLD.work_type, OLD.priority)
                IS DISTINCT FROM (NEW.name, NEW.locale, NEW.state, NEW.audio_file, NEW.patient_name,
                NEW.patient_identifier, NEW.patient_system, NEW.work_type, NEW.priority))
            EXECUTE FUNCTION notify_change();
        """#
}
