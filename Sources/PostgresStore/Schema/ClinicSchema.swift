import Localization

/// The clinic store's schema: numbered migrations, each run once, in one transaction with the rest, by
/// `clinic init`, and recorded in `dictation.schema_version`.
enum ClinicSchema {
    /// The migrations in order; version N is `migrations[N - 1]`. Never edit one that has shipped: add one.
    static let migrations = [version1, version2, version3, version4, version5, version6]
    static var latestVersion: Int { migrations.count }

    /// What `migrate` found and did.
    struct Outcome: Sendable, Equatable {
        var versionBefore: Int
        var versionAfter: Int
    }

    /// Creates the roles, the schema and every migration not applied yet, all in one transaction;
    /// needs a role that may create roles (a superuser: `sudo -u postgres`). A store of a newer schema is
    /// refused and left untouched. `target` stops at an older version (tests of an upgrade).
    static func migrate(
        _ connection: PGConnection, store: String, upTo target: Int = latestVersion
    ) throws(ClinicStoreError) -> Outcome {
        do {
            return try connection.transaction { () throws -> Outcome in
                // Two administrators running init at once take turns.
                try connection.execute("SELECT pg_advisory_xact_lock(hashtext('dictation-station clinic init'))")
                try connection.execute(bootstrap)
                let before = try version(connection)
                guard before <= latestVersion else {
                    throw PostgresError(sqlState: "DS900", message: "newer schema", detail: String(before))
                }
                for number in (before + 1)..<(max(before, target) + 1) {
                    try connection.execute(migrations[number - 1])
                    try connection.query("INSERT INTO schema_version (version) VALUES ($1)", [String(number)])
                }
                return Outcome(versionBefore: before, versionAfter: max(before, target))
            }
        } catch let error as PostgresError where error.sqlState == "DS900" {
            throw .newerSchema(store: store, found: Int(error.detail ?? "") ?? 0, known: latestVersion)
        } catch let error as PostgresError where error.sqlState == PostgresError.insufficientPrivilege {
            throw .notAllowed(
                user: connection.user,
                reason: tr(
                    "setting up the store needs a PostgreSQL superuser (for example `sudo -u postgres dictation-station clinic init …`): \(error.message)"
                ))
        } catch let error as PostgresError {
            throw .refused(reason: error.message)
        } catch {
            throw .refused(reason: "\(error)")
        }
    }

    /// The version of the store's schema; 0 for none. Any member of the clinic may read it.
    static func version(_ connection: PGConnection) throws(PostgresError) -> Int {
        let rows = try connection.query("SELECT coalesce(max(version), 0) FROM dictation.schema_version")
        return rows.first?.first??.asInt ?? 0
    }

    /// The roles (the whole server's), the schema owned by the owner role, and the version table; then
    /// the rest of the transaction acts as the owner, so the owner owns everything made. Idempotent.
    static let bootstrap = #"""
        DO $$
        DECLARE
            role text;
        BEGIN
            FOREACH role IN ARRAY ARRAY['dictation_owner', 'clinic', 'transcriptionist'] LOOP
                -- Roles are the whole server's: another store's init may be making them at this moment.
                IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = role) THEN
                    BEGIN
                        EXECUTE format('CREATE ROLE %I NOLOGIN', role);
                    EXCEPTION WHEN duplicate_object OR unique_violation THEN
                        NULL;
                    END;
                END IF;
                -- No person logs in as these, whatever was there before.
                IF EXISTS (SELECT FROM pg_roles WHERE rolname = role AND (rolcanlogin OR rolsuper OR rolbypassrls)) THEN
                    EXECUTE format('ALTER ROLE %I NOLOGIN NOSUPERUSER NOBYPASSRLS', role);
                END IF;
            END LOOP;
            -- Only the clinic's members connect to its database.
            EXECUTE format('REVOKE ALL ON DATABASE %I FROM PUBLIC', current_database());
            EXECUTE format('GRANT CONNECT ON DATABASE %I TO clinic', current_database());
        END $$;
        CREATE SCHEMA IF NOT EXISTS dictation AUTHORIZATION dictation_owner;
        REVOKE ALL ON SCHEMA dictation FROM PUBLIC;
        GRANT USAGE ON SCHEMA dictation TO clinic;
        SET LOCAL ROLE dictation_owner;
        SET LOCAL search_path = dictation, pg_catalog;
        CREATE TABLE IF NOT EXISTS schema_version (
            version integer PRIMARY KEY,
            applied_at timestamptz NOT NULL DEFAULT now()
        );
        GRANT SELECT ON schema_version TO clinic;
        LOCK TABLE schema_version IN EXCLUSIVE MODE;
        """#
}

extension String {
    var asInt: Int? { Int(self) }
    var asInt64: Int64? { Int64(self) }
}
