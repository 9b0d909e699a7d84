import Foundation

/// A detached tmux server on its own socket running one command, for end-to-end tests of the real binary.
public final class TmuxSession {
    public let socket = "ds-test-\(UUID().uuidString.prefix(8))"

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The package root, found from this file's path; the binary is in its `.build/debug`.
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return url
    }()

    public static var binary: URL { packageRoot.appendingPathComponent(".build/debug/dictation-station") }

    /// Where the shell around the command writes its exit status (tmux's own `pane_dead_status` came back empty).
    public let statusFile = URL(fileURLWithPath: "/tmp/ds-test-status-\(UUID().uuidString.prefix(8))")

    public init(command: [String], environment: [String: String], rows: Int = 30, columns: Int = 100) throws {
        let assignments = environment.map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
        // NO_COLOR may come from the test runner; only `environment` decides it.
        let line =
            "env -u NO_COLOR \(assignments) " + command.map(Self.quote).joined(separator: " ")
            + "; echo $? > \(statusFile.path)"
        try run(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", line], captureOutput: false)
        try run(["set-option", "-g", "remain-on-exit", "on"])
    }

    /// Ends the tmux server and whatever still runs in it.
    public func shutDown() {
        _ = try? run(["kill-server"])
        try? FileManager.default.removeItem(at: statusFile)
    }

    /// The station's pid: the child of the shell the pane runs.
    public func programPID() throws -> String {
        let shell = try format("#{pane_pid}")
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        guard let pid = children.split(separator: " ").first else { throw Failure(description: "no child of \(shell)") }
        return String(pid)
    }

    @discardableResult
    public func run(_ arguments: [String], captureOutput: Bool = true) throws -> String {
        let (status, text) = try Self.spawn(["/usr/bin/tmux", "-L", socket] + arguments, captureOutput: captureOutput)
        guard status == 0 else { throw Failure(description: "tmux \(arguments): \(text)") }
        return text
    }

    /// Runs a program and waits for it with posix_spawn and waitpid: Foundation's `Process` did not notice
    /// the tmux client's exit here. The server new-session starts keeps inherited descriptors, so its output
    /// must go to /dev/null, not to a pipe that would never close.
    public static func spawn(
        _ argv: [String], captureOutput: Bool, environment: [String: String]? = nil
    ) throws -> (Int32, String) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw Failure(description: "pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if captureOutput {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
            posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var cArgs = argv.map { strdup($0) } + [nil]
        var cEnv = env.map { strdup($0) } + [nil]
        defer {
            cArgs.forEach { free($0) }
            cEnv.forEach { free($0) }
        }
        // The test runner's threads block most signals and a spawned program inherits that mask: tmux's
        // server could then not even end itself (kill-server signals itself), nor the station hear SIGWINCH.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, &cArgs, &cEnv)
        close(fds[1])
        guard spawned == 0 else {
            close(fds[0])
            throw Failure(description: "cannot run \(argv[0])")
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fds[0], &buffer, buffer.count)
            if count <= 0 { break }
            data.append(buffer, count: count)
        }
        close(fds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exitStatus, String(decoding: data, as: UTF8.self))
    }

    public func screen(escapes: Bool = false) throws -> String {
        try run(["capture-pane", "-p"] + (escapes ? ["-e"] : []))
    }

    public func send(_ keys: String...) throws { try run(["send-keys"] + keys) }

    /// Types text literally.
    public func type(_ text: String) throws { try run(["send-keys", "-l", text]) }

    public func format(_ format: String) throws -> String {
        try run(["display-message", "-p", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public func resize(rows: Int, columns: Int) throws {
        try run(["resize-window", "-x", "\(columns)", "-y", "\(rows)"])
    }

    public static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
