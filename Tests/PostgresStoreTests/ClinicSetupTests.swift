import Foundation
import StationCore
import Testing

@testable import PostgresStore

/// `clinic init`, `add-user` and `status` as the adapter does them, against databases of their own.
@Suite("Clinic store: set-up and users", .enabled(if: TestServer.isRunning, TestServer.skipReason))
struct ClinicSetupTests {
    /// An empty database, no schema yet, dropped by the caller.
    static func emptyDatabase() throws -> String {
        let name = TestServer.uniqueName("ds_empty")
        try TestServer.psql("CREATE DATABASE \(name)", database: "postgres").mustSucceed()
        return name
    }

    static func drop(_ database: String) {
        _ = try? TestServer.psql("DROP DATABASE IF EXISTS \(database) WITH (FORCE)", database: "postgres")
    }

    @Test("init makes the schema, owned by a role no one logs in as, with row-level security forced; again, nothing")
    func initialize() async throws {
        let database = try Self.emptyDatabase()
        defer { Self.drop(database) }
        let address = TestServer.address(database: database)
        let first = try await ClinicStore.connect(to: address, requiringSchema: false).initialize()
        #expect(first == ClinicSetUp(versionBefore: 0, versionAfter: ClinicSchema.latestVersion))
        let second = try await ClinicStore.connect(to: address).initialize()
        #expect(
            second == ClinicSetUp(versionBefore: ClinicSchema.latestVersion, versionAfter: ClinicSchema.latestVersion))

        func value(_ sql: String) throws -> String {
            try TestServer.psql(sql, database: database).mustSucceed().output
        }
        let versions = (1...ClinicSchema.latestVersion).map(String.init).joined(separator: ",")
        #expect(
            try value("SELECT string_agg(version::text, ',' ORDER BY version) FROM dictation.schema_version")
                == versions)
        #expect(
            try value(
                "SELECT string_agg(rolname || ':' || rolcanlogin, ',' ORDER BY rolname) FROM pg_roles "
                    + "WHERE rolname IN ('dictation_owner', 'clinic', 'transcriptionist')")
                == "clinic:false,dictation_owner:false,transcriptionist:false")
        #expect(
            try value("SELECT string_agg(DISTINCT tableowner, ',') FROM pg_tables WHERE schemaname = 'dictation'")
                == "dictation_owner")
        #expect(
            try value(
                "SELECT string_agg(DISTINCT p.proowner::regrole::text, ',') FROM pg_proc p "
                    + "JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'dictation'")
                == "dictation_owner")
        #expect(
            try value(
                "SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = "
                    + "'dictation' AND c.relkind = 'r' AND c.relname <> 'schema_version' AND c.relrowsecurity AND "
                    + "c.relforcerowsecurity") == "14", "the reports' 9 tables, the profiles' 4 and the vocabulary")
        #expect(
            try value(
                "SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = "
                    + "'dictation' AND c.relkind = 'r' AND c.relname <> 'schema_version' AND NOT "
                    + "(c.relrowsecurity AND c.relforcerowsecurity)") == "0",
            "no table without forced row-level security")
    }

    @Test("a store not set up, or of a newer schema, is refused saying what to do, and left untouched")
    func notInitializedOrNewer() async throws {
        let database = try Self.emptyDatabase()
        defer { Self.drop(database) }
        let address = TestServer.address(database: database)
        await #expect(throws: ClinicStoreError.notInitialized(store: address.description)) {
            try await ClinicStore.connect(to: address)
        }
        #expect(ClinicStoreError.notInitialized(store: "x").description.contains("clinic init"))

        _ = try await ClinicStore.connect(to: address, requiringSchema: false).initialize()
        try TestServer.psql(
            "SET ROLE dictation_owner; INSERT INTO dictation.schema_version (version) VALUES (99)", database: database
        ).mustSucceed()
        let newer = ClinicStoreError.newerSchema(
            store: address.description, found: 99, known: ClinicSchema.latestVersion)
        await #expect(throws: newer) { try await ClinicStore.connect(to: address) }
        await #expect(throws: newer) {
            try await ClinicStore.connect(to: address, requiringSchema: false).initialize()
        }
        #expect(
            try TestServer.psql(
                "SELECT string_agg(version::text, ',' ORDER BY version) FROM dictation.schema_version",
                database: database
            )
            .output == (1...ClinicSchema.latestVersion).map(String.init).joined(separator: ",") + ",99")
    }

    @Test("a store that cannot be reached is named, its password hidden, with libpq's reason on one line")
    func unreachable() async throws {
        let address = StoreAddress("host=/nonexistent/ds-socket port=5 dbname=clinic password=secret")
        let error = await #expect(throws: ClinicStoreError.self) { try await ClinicStore.connect(to: address) }
        let text = error?.description ?? ""
        #expect(
            text.hasPrefix(
                "The clinic store at “host=/nonexistent/ds-socket port=5 dbname=clinic password=***” cannot be reached: "
            ))
        #expect(text.contains("No such file or directory"))
        #expect(!text.contains("secret"))
        #expect(!text.contains("\n"))
        #expect(
            StoreAddress.hidingPassword("postgresql://anna:hunter2@db.clinic/clinic")
                == "postgresql://anna:***@db.clinic/clinic")
        #expect(StoreAddress("").description == "the default PostgreSQL server")
    }

    @Test("add-user makes a login role in the clinic (a transcriptionist in both); status lists the users")
    func addUserAndStatus() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = TestServer.uniqueName("anna")
        let tina = TestServer.uniqueName("tina")
        clinic.addRole(anna)
        clinic.addRole(tina)
        let administrator = try await ClinicStore.connect(to: clinic.address)

        let added = try await administrator.addUser(anna, transcriptionist: false)
        #expect(
            added
                == AddedUser(
                    user: ClinicUser(name: anna, isTranscriptionist: false), roleCreated: true, passwordSet: false))
        #expect(try await administrator.addUser(tina, transcriptionist: true).user.isTranscriptionist)
        let again = try await administrator.addUser(anna, transcriptionist: false)
        #expect(!again.roleCreated)
        #expect(
            try clinic.psql(
                "SELECT rolcanlogin::text || pg_has_role('\(anna)', 'clinic', 'MEMBER')::text FROM pg_roles WHERE rolname = '\(anna)'"
            )
            .output == "truetrue")

        let annas = try await clinic.store(as: anna)
        let status = try await annas.status()
        #expect(status.connectedAs == anna)
        #expect(status.schemaVersion == ClinicSchema.latestVersion)
        #expect(status.users.contains(ClinicUser(name: anna, isTranscriptionist: false)))
        #expect(status.users.contains(ClinicUser(name: tina, isTranscriptionist: true)))

        await #expect(throws: ClinicStoreError.self) {
            try await annas.addUser(TestServer.uniqueName("x"), transcriptionist: false)
        }
    }

    @Test(
        "add-user refuses names that cannot be an account's, the store's own roles, and superusers",
        arguments: [
            "Anna", "clinic", "transcriptionist", "dictation_owner", "pg_monitor", "a;b", "", "9lives", "-x",
            String(repeating: "a", count: 33),
        ])
    func addUserRefusesNames(name: String) async throws {
        let clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let administrator = try await ClinicStore.connect(to: clinic.address)
        await #expect(throws: ClinicStoreError.invalidUserName(name)) {
            try await administrator.addUser(name, transcriptionist: false)
        }
    }

    @Test("add-user refuses a superuser: the clinic's rules would not bind it")
    func addUserRefusesSuperuser() async throws {
        let clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let administrator = try await ClinicStore.connect(to: clinic.address)
        let superuser = try TestServer.psql("SELECT current_user", database: clinic.database).mustSucceed().output
        let error = await #expect(throws: ClinicStoreError.self) {
            try await administrator.addUser(superuser, transcriptionist: false)
        }
        #expect(error?.description.contains("superuser") == true)
        #expect(
            try clinic.psql(
                "SELECT pg_has_role('\(superuser)', 'clinic', 'USAGE') AND EXISTS (SELECT FROM pg_auth_members a JOIN pg_roles r ON r.oid = a.member WHERE r.rolname = '\(superuser)')"
            ).output == "f")
    }
}
