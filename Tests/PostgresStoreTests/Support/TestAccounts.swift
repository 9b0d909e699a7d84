import Foundation
import StationSystem
import StationTestSupport
import Testing

@testable import PostgresStore

/// Real OS accounts for the tests where identity is the subject: made with a unique name, each with a
/// private home of its own (its data directory), and removed with their clinic roles when the test ends,
/// even by a failure.
enum TestAccounts {
    /// `count` accounts, made clinic users of `clinic` (`transcriptionists` of them typists), for `body`.
    static func with(
        _ count: Int, in clinic: TestClinic, transcriptionists: Set<Int> = [],
        _ body: ([String]) async throws -> Void
    ) async throws {
        try await with(
            count, at: clinic.address, transcriptionists: transcriptionists,
            dropRole: { _ = try? TestServer.psql("DROP ROLE IF EXISTS \($0)", database: "postgres") }, body)
    }

    /// `count` accounts, made clinic users of the store at `address`; `dropRole` removes a role again.
    static func with(
        _ count: Int, at address: StoreAddress, transcriptionists: Set<Int> = [], dropRole: (String) -> Void,
        _ body: ([String]) async throws -> Void
    ) async throws {
        var accounts: [String] = []
        defer {
            for account in accounts {
                // Whatever the account still runs (a station in tmux) goes first, each by its id.
                for pid in processes(of: account) { kill(pid, SIGKILL) }
                // --force: userdel refuses an account a process still runs as (one killed just now that
                // has not ended yet, or one started since, as a PulseAudio client may start its server),
                // and the account outlived the run (dsacct_nytujjho, with run/, run2/ and .config/pulse).
                _ = try? Spawn("/usr/sbin/userdel", ["--force", "--remove", account]).run()
                dropRole(account)
            }
        }
        for index in 0..<count {
            let account = TestServer.uniqueName("dsacct")
            let made = try Spawn(
                "/usr/sbin/useradd",
                ["--create-home", "--home-dir", "/tmp/\(account)", "--shell", "/usr/sbin/nologin", account]
            ).run()
            try #require(made.termination == .exited(0), "useradd failed: \(made.errorText)")
            accounts.append(account)
            chmod("/tmp/\(account)", 0o700)
            let administrator = try await ClinicStore.connect(to: address)
            _ = try await administrator.addUser(account, transcriptionist: transcriptionists.contains(index))
        }
        try await body(accounts)
    }

    /// The ids of the processes `account` runs.
    static func processes(of account: String) -> [pid_t] {
        var spawn = Spawn("/usr/bin/pgrep", ["-u", account])
        spawn.output = .capture
        let listed = (try? spawn.run().outputText) ?? ""
        return listed.split(separator: "\n").compactMap { pid_t($0) }
    }

    /// What the station's binary printed, run as `account` (so peer authentication makes it that role)
    /// with its home as its data directory.
    struct Outcome {
        var status: Int32
        var output: String
        var errors: String
    }

    static func station(
        _ arguments: [String], as account: String, store: String, input: String = "", deadline: Duration = .seconds(180)
    ) throws -> Outcome {
        let home = "/tmp/\(account)"
        let environment = [
            "HOME=\(home)", "XDG_RUNTIME_DIR=\(home)", "TZ=UTC", "LC_ALL=C.UTF-8", "PATH=/usr/bin:/bin",
            "DICTATION_STATION_STORE=\(store)",
        ]
        var spawn = Spawn(
            "/usr/sbin/runuser",
            ["-u", account, "--", "/usr/bin/env", "-i"] + environment + [StationBinary.url.path] + arguments)
        spawn.input = .pipe
        spawn.output = .capture
        spawn.errors = .capture
        let finished = try spawn.run(input: Array(input.utf8), deadline: deadline)
        return Outcome(
            status: finished.termination?.status ?? -1, output: finished.outputText, errors: finished.errorText)
    }
}
