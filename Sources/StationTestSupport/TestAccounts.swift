import Foundation
import StationSystem

/// Real OS accounts for tests where identity matters (peer authentication, who owns a socket or a
/// folder): made with `useradd` under unique names and removed with `userdel`, also when the test fails.
/// Making an account needs root, as CI runs.
public struct TestAccount: Sendable {
    public let name: String
    public let uid: uid_t
    public let gid: gid_t

    /// Whether this process may make accounts.
    public static var canMake: Bool { geteuid() == 0 }

    /// `count` new accounts (names beginning with `prefix`), removed when `body` ends, however it ends.
    public static func with<Result>(
        _ count: Int = 1, prefix: String = "dsacct", _ body: ([TestAccount]) async throws -> Result
    ) async throws -> Result {
        var made: [TestAccount] = []
        defer { made.forEach { $0.remove() } }
        for _ in 0..<count { made.append(try make(prefix)) }
        return try await body(made)
    }

    /// A new group (for a shared folder), removed when `body` ends, with `members` in it.
    public static func withGroup<Result>(
        members: [TestAccount], _ body: (String) async throws -> Result
    ) async throws -> Result {
        let name = uniqueName("dsgrp")
        try Self.tool("/usr/sbin/groupadd", [name])
        defer { _ = try? Spawn("/usr/sbin/groupdel", [name]).run(deadline: .seconds(60)) }
        for member in members { try Self.tool("/usr/sbin/usermod", ["-a", "-G", name, member.name]) }
        return try await body(name)
    }

    private static func make(_ prefix: String) throws -> TestAccount {
        let name = uniqueName(prefix)
        try tool("/usr/sbin/useradd", ["--no-create-home", "--shell", "/usr/sbin/nologin", name])
        guard let entry = getpwnam(name) else { throw Failure(description: "useradd made no account \(name)") }
        return TestAccount(name: name, uid: entry.pointee.pw_uid, gid: entry.pointee.pw_gid)
    }

    /// Removes the account (`--force`: also while a process a failed test left still runs as it).
    public func remove() {
        _ = try? Spawn("/usr/sbin/userdel", ["--force", name]).run(deadline: .seconds(60))
    }

    /// Runs `program` as this account (runuser) with exactly `environment` (and a PATH), `input` on its
    /// standard input; what it printed and how it ended.
    public func run(
        _ program: String, _ arguments: [String], environment: [String: String] = [:], input: String = "",
        directory: String? = nil
    ) throws -> StationBinary.Outcome {
        var variables = ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "TZ": "UTC"]
        variables.merge(environment) { $1 }
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        var spawn = Spawn(
            "/usr/sbin/runuser", ["-u", name, "--", "/usr/bin/env", "-i"] + assignments + [program] + arguments)
        spawn.environment = ["PATH": "/usr/bin:/bin"]
        spawn.directory = directory ?? "/"
        spawn.input = .pipe
        spawn.output = .capture
        spawn.errors = .capture
        let finished = try spawn.run(input: Array(input.utf8), deadline: .seconds(120))
        return StationBinary.Outcome(
            status: finished.termination?.status ?? -1, standardOutput: finished.outputText,
            standardError: finished.errorText)
    }

    /// Runs the station's binary as this account.
    public func runStation(
        _ arguments: [String], environment: [String: String] = [:], input: String = ""
    ) throws -> StationBinary.Outcome {
        try run(StationBinary.url.path, arguments, environment: environment, input: input)
    }

    /// A name no other test uses (lower-case letters, as account and role names need).
    public static func uniqueName(_ prefix: String) -> String {
        let letters = "abcdefghijklmnopqrstuvwxyz"
        return prefix + String((0..<8).map { _ in letters.randomElement()! })
    }

    private static func tool(_ program: String, _ arguments: [String]) throws {
        var spawn = Spawn(program, arguments)
        spawn.errors = .capture
        let finished = try spawn.run(deadline: .seconds(60))
        guard finished.termination == .exited(0) else {
            throw Failure(description: "\(program) \(arguments.joined(separator: " ")): \(finished.errorText)")
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }
}
