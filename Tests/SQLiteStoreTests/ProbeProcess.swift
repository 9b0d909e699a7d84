import Foundation
import StationTestSupport

/// Runs `store-probe`, the second station process the multi-process tests need.
final class ProbeProcess: @unchecked Sendable {
    let process = Process()
    private let output = Pipe()
    private let input = Pipe()
    private let lines = LineCollector()

    /// The probe built next to the tests (`swift build --build-tests` builds it).
    static var executable: URL {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/"
            && !FileManager.default.fileExists(
                atPath: directory.appendingPathComponent("Package.swift").path)
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent(".build/debug/store-probe")
    }

    struct NotBuilt: Error, CustomStringConvertible {
        var description: String { "\(ProbeProcess.executable.path) is missing: run `swift build --build-tests` first" }
    }

    init(_ arguments: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable.path) else { throw NotBuilt() }
        process.executableURL = Self.executable
        process.arguments = arguments
        process.standardOutput = output
        process.standardInput = input
        process.standardError = FileHandle.standardError
        let lines = lines
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            lines.append(data)
        }
        try process.run()
    }

    /// Every complete line printed so far.
    var printed: [String] { lines.complete }

    /// Waits (up to `limit`) until `condition` holds for the printed lines.
    func wait(limit: Duration = .seconds(60), until condition: ([String]) -> Bool) async -> Bool {
        try? await waitUntil("the probe's output", seconds: Double(limit.components.seconds)) { condition(printed) }
        return condition(printed)
    }

    /// Waits for the probe to exit and returns its status, with its output fully read.
    func finish() async -> Int32 {
        await waitForExit(process)
        output.fileHandleForReading.readabilityHandler = nil
        lines.append(output.fileHandleForReading.readDataToEndOfFile())
        return process.terminationStatus
    }

    /// Sends one line to the probe's standard input.
    func send(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }

    /// Closes the probe's standard input, which ends a `hold-capture-lock`.
    func closeInput() { try? input.fileHandleForWriting.close() }

    func kill() { Foundation.kill(process.processIdentifier, SIGKILL) }
}

/// Bytes arriving on a pipe, split into lines.
private final class LineCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = Data()

    func append(_ data: Data) { lock.withLock { buffer.append(data) } }

    var complete: [String] {
        lock.withLock {
            guard let end = buffer.lastIndex(of: 0x0A) else { return [] }
            return String(decoding: buffer[..<end], as: UTF8.self).split(separator: "\n").map(String.init)
        }
    }
}
