import Foundation
import StationSystem

/// The real binary in its line mode (`--lines`), over pipes as a screen reader's terminal, SSH or a log
/// would see it: commands written as lines to its standard input, its sentences read line by line from
/// its standard output, nothing else.
public final class StationInLines: Sendable {
    public let process: ChildProcess
    /// Every line it printed so far, and how far the test has read.
    private let printed = Locked<(lines: [String], read: Int, ended: Bool)>(([], 0, false))
    private let errors = Locked<[UInt8]>([])

    /// Starts `dictation-station --data-dir DATA --lines` with `environment` over the caller's.
    public init(data: String, arguments: [String] = ["--lines"], environment: [String: String]) throws {
        var spawn = Spawn(PackagePaths.binary.path, ["--data-dir", data] + arguments)
        var merged = ProcessInfo.processInfo.environment
        merged["TZ"] = "UTC"
        merged.removeValue(forKey: "DICTATION_STATION_HOME")
        spawn.environment = merged.merging(environment) { $1 }
        spawn.input = .pipe
        spawn.output = .capture
        spawn.errors = .capture
        process = try spawn.start()
        let (printed, errors) = (printed, errors)
        if let output = process.output {
            OwnThread.start {
                var pending: [UInt8] = []
                while let bytes = try? output.read(upTo: 4096), !bytes.isEmpty {
                    pending += bytes
                    while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        let line = String(decoding: pending[..<end], as: UTF8.self)
                        pending.removeSubrange(...end)
                        printed.withLock { $0.lines.append(line) }
                    }
                }
                printed.withLock { $0.ended = true }
            }
        }
        if let standardError = process.errors {
            OwnThread.start {
                while let bytes = try? standardError.read(upTo: 4096), !bytes.isEmpty {
                    errors.withLock { $0 += bytes }
                }
            }
        }
    }

    /// Every line printed so far.
    public var lines: [String] { printed.current.lines }

    /// What it wrote to standard error so far.
    public var standardError: String { String(decoding: errors.current, as: UTF8.self) }

    /// Types `line` and Enter.
    public func send(_ line: String) throws {
        try process.input?.writeAll(line + "\n")
    }

    /// Waits for the first line not read yet that contains `text`, and reads up to it: a later wait looks
    /// only after it. Fails after `seconds`, showing every line.
    @discardableResult
    public func waitFor(_ text: String, seconds: Double = Patience.seconds) throws -> String {
        try waitForLine(text, seconds: seconds) { $0.contains(text) }
    }

    /// Waits for the first line not read yet that `matches`, and reads up to it.
    @discardableResult
    public func waitForLine(
        _ what: String, seconds: Double = Patience.seconds, matching matches: (String) -> Bool
    ) throws -> String {
        var found: String?
        try blockUntil("a line with \(what)", seconds: seconds, detail: { transcript }) {
            let state = printed.current
            guard let index = state.lines[state.read...].firstIndex(where: matches) else { return false }
            found = state.lines[index]
            printed.withLock { $0.read = index + 1 }
            return true
        }
        return found ?? ""
    }

    /// The lines printed after the last one a wait read, without reading them.
    public var unread: [String] {
        let state = printed.current
        return Array(state.lines[state.read...])
    }

    /// Ends its input and waits for it to exit; its exit status.
    public func finish(seconds: Double = Patience.seconds) throws -> Int32 {
        process.close(process.input)
        try blockUntil("the station to exit", seconds: seconds, detail: { transcript }) { process.termination != nil }
        return process.termination?.shellStatus ?? -1
    }

    /// Waits for it to exit by itself (after `quit`); its exit status.
    public func waitForExit(seconds: Double = Patience.seconds) throws -> Int32 {
        try blockUntil("the station to exit", seconds: seconds, detail: { transcript }) { process.termination != nil }
        return process.termination?.shellStatus ?? -1
    }

    /// Stops it if it still runs (a failed test).
    public func stop() { _ = process.stop(grace: .seconds(5)) }

    /// Everything it printed, for a failure's message.
    public var transcript: String {
        "standard output:\n" + lines.joined(separator: "\n") + "\nstandard error:\n" + standardError
    }
}
