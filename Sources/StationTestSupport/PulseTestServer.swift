import Foundation
import StationSystem

/// The test PulseAudio server that scripts/test starts, driven with its own tools (pactl, paplay).
public enum PulseTestServer {
    /// Whether a server is reachable; suites needing one are skipped otherwise (run them with scripts/test).
    public static let isAvailable: Bool = (try? run("/usr/bin/pactl", ["info"]).status) == 0

    public static let librivox = URL(fileURLWithPath: "/usr/share/pocketsphinx/test/data/librivox")
    public static func speech(_ id: String) -> URL {
        librivox.appendingPathComponent("sense_and_sensibility_01_austen_64kb-\(id).wav")
    }

    /// Runs a tool of the audio server (pactl, paplay) to completion.
    @discardableResult
    public static func run(
        _ tool: String, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        try runProgram(tool, arguments, environment: environment)
    }

    /// Loads a module; the caller unloads it with `unload`. A server that cannot be reached is asked again
    /// for 10 s (scripts/test starts its server again when it ends); the failure says what pactl said.
    public static func load(_ module: String, _ arguments: String...) throws -> String {
        var said = ""
        for attempt in 0..<50 {
            if attempt > 0 { usleep(200_000) }
            var spawn = Spawn("/usr/bin/pactl", ["load-module", module] + arguments)
            spawn.output = .capture
            spawn.errors = .capture
            let finished = try spawn.run()
            if finished.termination == .exited(0) {
                return finished.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            said = finished.errorText.trimmingCharacters(in: .whitespacesAndNewlines)
            // A refusal of the module itself will not change; only a server out of reach might.
            guard said.contains("Connection") else { break }
        }
        throw TestFailure("pactl load-module \(module) failed: \(said)")
    }

    public static func unload(_ id: String) {
        _ = try? run("/usr/bin/pactl", ["unload-module", id])
    }

    /// A null sink of its own for one test (16 kHz mono, so played samples reach its monitor unchanged).
    public static func withSink<T>(
        isolation: isolated (any Actor)? = #isolation, _ body: (String) async throws -> T
    ) async throws -> T {
        let name = "ds_capture_\(UInt32.random(in: 0...UInt32.max))"
        let module = try load("module-null-sink", "sink_name=\(name)", "rate=16000", "channels=1")
        defer { unload(module) }
        return try await body(name)
    }

    /// A module-sine-source of its own for one test.
    public static func withSineSource<T>(_ body: (String) async throws -> T) async throws -> T {
        let name = "ds_sine_\(UInt32.random(in: 0...UInt32.max))"
        let module = try load("module-sine-source", "source_name=\(name)", "rate=16000", "frequency=440")
        defer { unload(module) }
        return try await body(name)
    }

    /// The index of the record stream (source output) taking audio from the source named `source`.
    public static func recordStream(from source: String) throws -> String? {
        let sources = try run("/usr/bin/pactl", ["list", "short", "sources"]).output
        guard
            let index = sources.split(separator: "\n").map({ $0.split(separator: "\t") })
                .first(where: { $0.count > 1 && $0[1] == source })?.first
        else { return nil }
        let outputs = try run("/usr/bin/pactl", ["list", "short", "source-outputs"]).output
        return outputs.split(separator: "\n").map { $0.split(separator: "\t") }
            .first { $0.count > 1 && $0[1] == index }.map { String($0[0]) }
    }

    /// Starts paplay playing `file` into `sink`.
    public static func play(_ file: URL, into sink: String, properties: [String] = []) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/paplay")
        process.arguments = ["-d", sink] + properties.map { "--property=\($0)" } + [file.path]
        try process.run()
        return process
    }
}

public struct TestFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A fresh private directory for one test's files.
public func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ds-capture-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Waits for a process without blocking a cooperative thread.
public func waitForExit(_ process: Process) async {
    while process.isRunning { try? await Task.sleep(for: .milliseconds(20)) }
}
