import Foundation
import StationSystem
import StationTestSupport

/// A PostgreSQL server of a test's own that listens on loopback TCP, with the pg_hba.conf the test
/// writes (the shared test server has no TCP). As `scripts/lib/postgres.sh` does: initdb as the
/// unprivileged `postgres` account into a temp folder, this process's account its superuser by peer
/// authentication on the local socket; stopped by its pid when the test ends.
final class LoopbackServer {
    static let binaries =
        ProcessInfo.processInfo.environment["DICTATION_STATION_PG_BIN"] ?? "/usr/lib/postgresql/15/bin"
    static var canStart: Bool { geteuid() == 0 && FileManager.default.isExecutableFile(atPath: binaries + "/initdb") }

    let directory: URL
    let port: Int
    private(set) var pid: pid_t = 0
    var socketDirectory: String { directory.appendingPathComponent("sock").path }
    var hbaFile: String { directory.appendingPathComponent("data/pg_hba.conf").path }
    var logFile: String { directory.appendingPathComponent("server.log").path }

    /// Starts a server whose pg_hba.conf is `hba`, with `settings` (`ssl=on`, …) added to its command line;
    /// `before` runs once the cluster is made, before it starts.
    init(hba: String, settings: [String] = [], before: (URL) throws -> Void = { _ in }) throws {
        directory = URL(fileURLWithPath: "/tmp/ds-pgtcp-\(UUID().uuidString.prefix(8))")
        port = Int.random(in: 40000..<60000)
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("sock"), withIntermediateDirectories: true)
        try Self.tool("/bin/chown", ["-R", "postgres:", directory.path])
        chmod(directory.path, 0o755)
        chmod(socketDirectory, 0o755)
        try Self.tool(
            "/usr/sbin/runuser",
            [
                "-u", "postgres", "--", Self.binaries + "/initdb", "-D", directory.appendingPathComponent("data").path,
                "-U", LoginAccount.current.name, "-E", "UTF8", "--locale=C.UTF-8", "--auth-local=peer",
                "--auth-host=reject", "--no-sync",
            ])
        try writeHBA(hba)
        try before(directory)
        let options =
            ([
                "listen_addresses='127.0.0.1'", "unix_socket_directories='\(socketDirectory)'", "port=\(port)",
                "fsync=off", "log_statement=all",
            ] + settings).map { "-c \($0)" }.joined(separator: " ")
        try Self.tool(
            "/usr/sbin/runuser",
            [
                "-u", "postgres", "--", Self.binaries + "/pg_ctl", "-D", directory.appendingPathComponent("data").path,
                "-l", logFile, "-w", "-o", options, "start",
            ])
        let pidText = try String(
            contentsOfFile: directory.appendingPathComponent("data/postmaster.pid").path, encoding: .utf8)
        pid = pid_t(pidText.split(separator: "\n").first.flatMap { Int32($0) } ?? 0)
    }

    deinit { stop() }

    /// Replaces pg_hba.conf (owned by postgres, as the server wants it).
    func writeHBA(_ text: String) throws {
        try text.write(toFile: hbaFile, atomically: false, encoding: .utf8)
        try Self.tool("/bin/chown", ["postgres:", hbaFile])
        chmod(hbaFile, 0o600)
    }

    /// The local-socket address of `database`, where this process is the superuser.
    func localAddress(_ database: String) -> String { "host=\(socketDirectory) port=\(port) dbname=\(database)" }
    /// The TCP address of `database` as `user`.
    func tcpAddress(_ database: String, user: String) -> String {
        "host=127.0.0.1 port=\(port) dbname=\(database) user=\(user)"
    }

    /// Runs `sql` as the superuser over the local socket; throws when psql fails.
    @discardableResult
    func psql(_ sql: String, database: String = "postgres") throws -> String {
        var spawn = Spawn(
            "/usr/bin/psql",
            [
                "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", socketDirectory, "-p", "\(port)", "-d", database,
                "-c", sql,
            ])
        spawn.environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"]
        spawn.output = .capture
        spawn.errors = .capture
        let finished = try spawn.run(deadline: .seconds(60))
        guard finished.termination == .exited(0) else {
            throw TestAccount.Failure(description: "psql \(sql): \(finished.errorText)")
        }
        return finished.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Stops the server by its pid (a fast shutdown) and removes its files.
    func stop() {
        if pid > 0 {
            kill(pid, SIGINT)
            var tries = 0
            while kill(pid, 0) == 0, tries < 300 {
                usleep(20_000)  // The server's own shutdown is what is waited for; this only paces the check.
                tries += 1
            }
            if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
            pid = 0
        }
        try? FileManager.default.removeItem(at: directory)
    }

    private static func tool(_ program: String, _ arguments: [String]) throws {
        var spawn = Spawn(program, arguments)
        spawn.output = .capture
        spawn.errors = .capture
        let finished = try spawn.run(deadline: .seconds(120))
        guard finished.termination == .exited(0) else {
            throw TestAccount.Failure(
                description:
                    "\(program) \(arguments.joined(separator: " ")): \(finished.errorText)\(finished.outputText)")
        }
    }
}
