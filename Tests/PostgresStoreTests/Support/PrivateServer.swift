import Foundation
import StationSystem
import Testing

@testable import PostgresStore

/// A PostgreSQL server of one test's own, for the tests that stop and start it under a running station:
/// `initdb` as the unprivileged `postgres` account into a private temporary folder, its socket there, and
/// TCP only when asked, on loopback only (where this throwaway server trusts the test's own connections).
/// Stopped by its pid and removed by `remove()`, which a test calls in a `defer`.
final class PrivateServer: @unchecked Sendable {
    static let binaries = "/usr/lib/postgresql/15/bin"
    let base: String
    let port: Int
    let tcp: Bool
    private(set) var pid: Int32?

    var socketDirectory: String { "\(base)/sock" }
    func address(database: String) -> StoreAddress {
        StoreAddress("host=\(socketDirectory) port=\(port) dbname=\(database)")
    }

    private init(base: String, port: Int, tcp: Bool) {
        self.base = base
        self.port = port
        self.tcp = tcp
    }

    /// The clinic store over TCP on loopback, as the test's own role.
    var tcpAddress: StoreAddress {
        StoreAddress("host=127.0.0.1 port=\(port) dbname=clinic user=\(ProcessInfo.processInfo.userName)")
    }

    /// A new server, started, with a clinic store `clinic` set up by the adapter (`clinic init`).
    static func make(tcp: Bool = false) async throws -> PrivateServer {
        let base = "/tmp/ds-pg-\(UUID().uuidString.prefix(8).lowercased())"
        try FileManager.default.createDirectory(atPath: "\(base)/sock", withIntermediateDirectories: true)
        let server = PrivateServer(base: base, port: Int.random(in: 40_000...49_000), tcp: tcp)
        try server.run("/bin/chown", ["-R", "postgres:", base])
        chmod(base, 0o755)
        chmod("\(base)/sock", 0o755)
        try server.run(
            "/usr/sbin/runuser",
            [
                "-u", "postgres", "--", "\(binaries)/initdb", "-D", "\(base)/data", "-U",
                ProcessInfo.processInfo.userName,
                "-E", "UTF8", "--locale=C.UTF-8", "--auth-local=peer", "--auth-host=\(tcp ? "trust" : "reject")",
                "--no-sync",
            ])
        try server.start()
        try server.psql("CREATE DATABASE clinic", database: "postgres")
        _ = try await ClinicStore.connect(to: server.address(database: "clinic"), requiringSchema: false).initialize()
        return server
    }

    /// Starts the server (again) and waits until it takes connections.
    func start() throws {
        try run(
            "/usr/sbin/runuser",
            [
                "-u", "postgres", "--", "\(Self.binaries)/pg_ctl", "-D", "\(base)/data", "-l", "\(base)/server.log",
                "-w",
                "-o",
                "-c listen_addresses='\(tcp ? "127.0.0.1" : "")' -k \(socketDirectory) -p \(port) -c fsync=off",
                "start",
            ])
        let first = try String(contentsOfFile: "\(base)/data/postmaster.pid", encoding: .utf8)
            .split(separator: "\n").first
        pid = first.flatMap { Int32($0) }
    }

    /// Stops the server (a fast shutdown: every connection is ended) and waits until it is gone.
    func stop() throws {
        guard let pid else { return }
        kill(pid, SIGINT)
        for _ in 0..<600 where Processes.exists(pid) { usleep(50_000) }
        self.pid = nil
    }

    /// Stops the server if it runs and removes its folder; the test's roles go with it.
    func remove() {
        if let pid {
            kill(pid, SIGINT)
            for _ in 0..<600 where Processes.exists(pid) { usleep(50_000) }
            if Processes.exists(pid) { kill(pid, SIGKILL) }
        }
        pid = nil
        try? FileManager.default.removeItem(atPath: base)
    }

    /// Runs `sql` with psql as the superuser (the test's account), optionally as `role`.
    @discardableResult
    func psql(_ sql: String, database: String = "clinic", as role: String? = nil) throws -> TestServer.Outcome {
        let script = (role.map { "SET SESSION AUTHORIZATION \"\($0)\"; " } ?? "") + sql
        var spawn = Spawn(
            "/usr/bin/psql",
            [
                "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", socketDirectory, "-p", String(port), "-d",
                database, "-c", script,
            ])
        spawn.environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"]
        spawn.output = .capture
        spawn.errors = .capture
        let finished = try spawn.run(deadline: .seconds(60))
        return TestServer.Outcome(
            status: finished.termination.map { if case .exited(let code) = $0 { code } else { -1 } } ?? -1,
            output: finished.outputText.trimmingCharacters(in: .whitespacesAndNewlines), errors: finished.errorText)
    }

    private func run(_ program: String, _ arguments: [String]) throws {
        var spawn = Spawn(program, arguments)
        spawn.output = .capture
        spawn.errors = .capture
        let finished = try spawn.run(deadline: .seconds(120))
        try #require(finished.termination == .exited(0), "\(program) failed: \(finished.errorText)")
    }
}
