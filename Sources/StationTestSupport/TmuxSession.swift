import Foundation
import StationSystem

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
        // NO_COLOR and the language may come from the test runner; only `environment` decides them: the
        // interface is English unless it asks for another language.
        let line =
            "env -u NO_COLOR -u LANGUAGE -u LC_ALL -u LC_MESSAGES LANG=C.UTF-8 \(assignments) "
            + command.map(Self.quote).joined(separator: " ")
            + "; echo $? > \(statusFile.path)"
        try run(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", line], captureOutput: false)
        try run(["set-option", "-g", "remain-on-exit", "on"])
    }

    /// Ends the tmux server and whatever still runs in it, and waits (up to 5 s) until the program has
    /// ended: a station still ending wrote into the test's folder after the test removed it (a 25 MB
    /// language-model copy was found in /tmp, in folders made again for it).
    public func shutDown() {
        let program = (try? programPID()).flatMap { Int32($0) }.flatMap(ProcessTable.entry)
        _ = try? run(["kill-server"])
        try? FileManager.default.removeItem(at: statusFile)
        guard let program else { return }
        try? blockUntil("the program to end", seconds: 5) { ProcessTable.hasEnded(program) }
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

    /// Runs a program and waits for it (`Spawn`; Foundation's `Process` did not notice the tmux client's
    /// exit here). The server new-session starts keeps inherited descriptors, so its output goes to
    /// /dev/null, not to a pipe that would never close. The test runner's threads block most signals, and
    /// Spawn starts the program with none blocked: tmux's server can end itself (kill-server signals
    /// itself), and the station hears SIGWINCH.
    public static func spawn(
        _ argv: [String], captureOutput: Bool, environment: [String: String]? = nil
    ) throws -> (Int32, String) {
        var spawn = Spawn(argv[0], Array(argv.dropFirst()))
        spawn.environment = environment ?? ProcessInfo.processInfo.environment
        if captureOutput {
            spawn.output = .capture
            spawn.errors = .standardOutput
        }
        let finished: ChildProcess.Finished
        do {
            finished = try spawn.run()
        } catch {
            throw Failure(description: "cannot run \(argv[0]): \(error)")
        }
        return (finished.termination?.shellStatus ?? -1, finished.outputText)
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
