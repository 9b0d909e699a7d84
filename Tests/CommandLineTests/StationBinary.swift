import Foundation

/// Runs the real `dictation-station` binary built next to the tests (`swift build --build-tests`).
struct StationBinary {
    struct Outcome {
        var status: Int32
        var output: String
        var errors: String
    }

    static var executable: URL {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/"
            && !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path)
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent(".build/debug/dictation-station")
    }

    struct NotBuilt: Error, CustomStringConvertible {
        var description: String { "\(StationBinary.executable.path) is missing: run `swift build --build-tests` first" }
    }

    /// Runs the binary with `arguments`, in UTC, with `environment` added, and waits for it.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else { throw NotBuilt() }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged["TZ"] = "UTC"
        merged.removeValue(forKey: "DICTATION_STATION_HOME")
        merged.merge(environment) { $1 }
        process.environment = merged
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes before waiting, so a large output cannot block the child.
        let errorData = Locked<Data>()
        let errorReader = Thread { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        errorReader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while errorData.value == nil { usleep(1_000) }
        return Outcome(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData.value ?? Data(), as: UTF8.self))
    }
}

/// A value set once by another thread.
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    var value: Value? { lock.withLock { stored } }

    func set(_ value: Value) { lock.withLock { stored = value } }
}
