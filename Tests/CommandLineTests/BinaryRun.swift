import Foundation
import StationTestSupport

/// The real `dictation-station` binary running in a test, its output collected as it comes.
final class BinaryRun: @unchecked Sendable {
    let process = Process()
    private let output = Locked(Data())
    private let errors = Locked(Data())
    /// How many of the two pipes have reached their end.
    private let closedPipes = Locked(0)

    init(_ arguments: [String], environment: [String: String] = [:], binary: URL = PackagePaths.binary) throws {
        process.executableURL = binary
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        // In English unless `environment` asks for another language, whatever the test runner's.
        for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES"] { merged.removeValue(forKey: name) }
        merged["LANG"] = "C.UTF-8"
        merged.merge(environment) { _, new in new }
        process.environment = merged
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let output = output
        let errors = errors
        let closedPipes = closedPipes
        out.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                closedPipes.withLock { $0 += 1 }
            }
            output.withLock { $0.append(data) }
        }
        err.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                closedPipes.withLock { $0 += 1 }
            }
            errors.withLock { $0.append(data) }
        }
        try process.run()
    }

    var stdout: String { String(decoding: output.current, as: UTF8.self) }
    var stderr: String { String(decoding: errors.current, as: UTF8.self) }

    /// Waits for the process to exit (up to `limit`) and for the end of its output; returns its status.
    func wait(limit: Duration = .seconds(120)) async -> Int32 {
        let process = process
        try? await waitUntil("the binary to exit", seconds: Double(limit.components.seconds)) { !process.isRunning }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        // Both pipes read to their end: nothing the binary printed last is missing.
        let closedPipes = closedPipes
        try? await waitUntil("the end of the binary's output") { closedPipes.current == 2 }
        return process.terminationStatus
    }

    /// Waits until standard error contains `text`; returns whether it did within `limit`.
    func waitForStderr(_ text: String, limit: Duration = .seconds(60)) async -> Bool {
        let process = process
        try? await waitUntil("\"\(text)\" on standard error", seconds: Double(limit.components.seconds)) {
            stderr.contains(text) || !process.isRunning
        }
        return stderr.contains(text)
    }

    /// Runs to completion.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], binary: URL = PackagePaths.binary
    ) async throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let run = try BinaryRun(arguments, environment: environment, binary: binary)
        let status = await run.wait()
        return (status, run.stdout, run.stderr)
    }
}
