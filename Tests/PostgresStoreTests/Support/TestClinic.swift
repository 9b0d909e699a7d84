import Foundation
import StationSystem
import Testing

@testable import PostgresStore

/// A clinic store of a test's own: a database copied from one set up by `clinic init` once per test
/// run (`CREATE DATABASE … TEMPLATE`, 0.2 s instead of the migration each time), with its own users.
struct TestClinic {
    let database: String
    var address: StoreAddress { TestServer.address(database: database) }
    private(set) var roles: [String] = []

    static func make() async throws -> TestClinic {
        let template = try await Template.shared.name()
        let database = TestServer.uniqueName("ds_test")
        try TestServer.psql("CREATE DATABASE \(database) TEMPLATE \(template)", database: "postgres").mustSucceed()
        return TestClinic(database: database)
    }

    /// A new clinic user (a login role with a unique name beginning with `prefix`), made by the
    /// adapter's `addUser` as the superuser.
    mutating func addUser(_ prefix: String, transcriptionist: Bool = false) async throws -> String {
        let name = TestServer.uniqueName(prefix)
        let administrator = try await ClinicStore.connect(to: address)
        _ = try await administrator.addUser(name, transcriptionist: transcriptionist)
        roles.append(name)
        return name
    }

    /// A role the test made itself, dropped with the clinic.
    mutating func addRole(_ role: String) { roles.append(role) }

    /// The store as `role` sees it: connected as the superuser, then `SET SESSION AUTHORIZATION`, so
    /// `session_user` is that role as it would be with peer authentication.
    func store(as role: String) async throws -> ClinicStore {
        let store = try await ClinicStore.connect(to: address)
        try await store.impersonate(role)
        return store
    }

    @discardableResult
    func psql(_ sql: String, as role: String? = nil) throws -> TestServer.Outcome {
        try TestServer.psql(sql, database: database, as: role)
    }

    /// Drops the database (its connections too) and the test's roles.
    func drop() {
        _ = try? TestServer.psql("DROP DATABASE IF EXISTS \(database) WITH (FORCE)", database: "postgres")
        for role in roles { _ = try? TestServer.psql("DROP ROLE IF EXISTS \"\(role)\"", database: "postgres") }
    }
}

extension ClinicStore {
    /// Takes `role`'s identity on this connection (the test process is the server's superuser).
    func impersonate(_ role: String) throws {
        try connection.execute("SET SESSION AUTHORIZATION \"\(role)\"")
        user = role
    }
}

extension TestServer.Outcome {
    /// Fails the test with psql's errors unless it succeeded.
    @discardableResult
    func mustSucceed(sourceLocation: SourceLocation = #_sourceLocation) throws -> Self {
        try #require(succeeded, "psql failed: \(errors)", sourceLocation: sourceLocation)
        return self
    }
}

/// The database every test's store is copied from, set up once per test process by the adapter's own
/// `initialize` (what `clinic init` runs). Tests asking at once all wait for the one set-up.
actor Template {
    static let shared = Template()
    private var making: Task<String, any Error>?

    func name() async throws -> String {
        if let making { return try await making.value }
        let task = Task { try await Self.make() }
        making = task
        return try await task.value
    }

    private static func make() async throws -> String {
        let name = "ds_template_\(getpid())"
        try TestServer.psql("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", database: "postgres").mustSucceed()
        try TestServer.psql("CREATE DATABASE \(name)", database: "postgres").mustSucceed()
        let store = try await ClinicStore.connect(to: TestServer.address(database: name), requiringSchema: false)
        _ = try await store.initialize()
        return name
    }
}
