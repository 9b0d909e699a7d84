import Foundation
import PostgresStore
import StationSystem
import Testing

/// The private PostgreSQL server `scripts/test` starts (`scripts/lib/postgres.sh`): its socket
/// directory and port, and `psql` against it as the test process's account, its superuser.
enum TestServer {
    static let environment = ProcessInfo.processInfo.environment
    static let host = environment["DICTATION_STATION_TEST_PGHOST"] ?? ""
    static let port = environment["DICTATION_STATION_TEST_PGPORT"] ?? ""

    /// Whether the server's socket is there; suites that need it are skipped otherwise, saying why.
    static var isRunning: Bool {
        !host.isEmpty && FileManager.default.fileExists(atPath: "\(host)/.s.PGSQL.\(port)")
    }
    static let skipReason: Comment =
        "needs the private PostgreSQL server that scripts/test starts (DICTATION_STATION_TEST_PGHOST/PGPORT)"

    static func address(database: String) -> StoreAddress {
        StoreAddress("host=\(host) port=\(port) dbname=\(database)")
    }

    /// What a psql run printed and how it ended.
    struct Outcome {
        var status: Int32
        var output: String
        var errors: String
        var succeeded: Bool { status == 0 }
    }

    /// Runs `sql` (one or more statements, one transaction) in `database` with psql; `as role` first
    /// takes that role's identity with `SET SESSION AUTHORIZATION`, as the server lets only a superuser.
    /// `runAs` runs psql as that OS account instead (peer authentication).
    @discardableResult
    static func psql(
        _ sql: String, database: String, as role: String? = nil, runAs account: String? = nil
    ) throws
        -> Outcome
    {
        let script = (role.map { "SET SESSION AUTHORIZATION \"\($0)\"; " } ?? "") + sql
        let arguments = [
            "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", host, "-p", port, "-d", database, "-c", script,
        ]
        var spawn =
            account.map { Spawn("/usr/sbin/runuser", ["-u", $0, "--", "/usr/bin/psql"] + arguments) }
            ?? Spawn("/usr/bin/psql", arguments)
        spawn.environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"]
        spawn.output = .capture
        spawn.errors = .capture
        let finished = try spawn.run(deadline: .seconds(60))
        return Outcome(
            status: finished.termination.map { if case .exited(let code) = $0 { code } else { -1 } } ?? -1,
            output: finished.outputText.trimmingCharacters(in: .whitespacesAndNewlines),
            errors: finished.errorText)
    }

    /// A name no other test uses, for a database or a role (roles belong to the whole server).
    static func uniqueName(_ prefix: String) -> String {
        let letters = "abcdefghijklmnopqrstuvwxyz"
        return prefix + "_" + String((0..<8).map { _ in letters.randomElement()! })
    }
}

/// The sha256 of a file as coreutils' `sha256sum` computes it: a check independent of the station's own.
enum FileDigest {
    static func sha256(of file: URL) throws -> String {
        var spawn = Spawn("/usr/bin/sha256sum", [file.path])
        spawn.output = .capture
        let finished = try spawn.run(deadline: .seconds(60))
        return String(finished.outputText.prefix(64))
    }
}
