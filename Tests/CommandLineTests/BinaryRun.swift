import Foundation
import StationTestSupport

/// The real `dictation-station` binary running in a test, its output collected as it comes.
final class BinaryRun: @unchecked Sendable {
    let process = Process()
    private let output = Locked(Data())
    private let errors = Locked(Data())

    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = PackagePaths.binary
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { _, new in new }
        process.environment = merged
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let output = output
        let errors = errors
        out.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            output.withLock { $0.append(data) }
        }
        err.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            errors.withLock { $0.append(data) }
        }
        try process.run()
    }

    var stdout: String { String(decoding: output.current, as: UTF8.self) }
    var stderr: String { String(decoding: errors.current, as: UTF8.self) }

    /// Waits for the process to exit (up to `limit`) and returns its status.
    func wait(limit: Duration = .seconds(120)) async -> Int32 {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while process.isRunning, clock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? await Task.sleep(for: .milliseconds(50))  // the last output of the pipes
        return process.terminationStatus
    }

    /// Waits until standard error contains `text`; returns whether it did within `limit`.
    func waitForStderr(_ text: String, limit: Duration = .seconds(60)) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while clock.now < deadline {
            if stderr.contains(text) { return true }
            if !process.isRunning { return stderr.contains(text) }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Runs to completion.
    static func run(
        _ arguments: [String], environment: [String: String] = [:]
    ) async throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let run = try BinaryRun(arguments, environment: environment)
        let status = await run.wait()
        return (status, run.stdout, run.stderr)
    }
}
