import Foundation
import StationSystem

/// The real `dictation-station` binary as built by `swift build --build-tests`, run as a process.
public enum StationBinary {
    /// What a finished run printed and returned.
    public struct Outcome: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    /// The debug build of the executable.
    public static var url: URL { PackagePaths.binary }

    /// Runs the binary to completion with `arguments`, extra `environment` and optional standard input;
    /// `wrapper` (a program and its arguments, e.g. `unshare …`) runs it when given.
    public static func run(
        _ arguments: [String], environment: [String: String] = [:], input: String? = nil, wrapper: [String] = []
    ) throws -> Outcome {
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw CocoaError(
                .fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(url.path): run `swift build --build-tests` first"])
        }
        var spawn =
            wrapper.isEmpty
            ? Spawn(url.path, arguments) : Spawn(wrapper[0], Array(wrapper.dropFirst()) + [url.path] + arguments)
        // In UTC and with no data directory from the caller's environment, so outputs are comparable.
        var merged = ProcessInfo.processInfo.environment
        merged["TZ"] = "UTC"
        merged.removeValue(forKey: "DICTATION_STATION_HOME")
        // In English unless `environment` asks for another language, whatever the test runner's.
        for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES"] { merged.removeValue(forKey: name) }
        merged["LANG"] = "C.UTF-8"
        spawn.environment = merged.merging(environment) { $1 }
        spawn.input = .pipe
        spawn.output = .capture
        spawn.errors = .capture
        // Output and errors are read side by side as they come, so a full pipe never blocks the binary.
        let finished = try spawn.run(input: Array((input ?? "").utf8))
        return Outcome(
            status: finished.termination?.status ?? -1, standardOutput: finished.outputText,
            standardError: finished.errorText)
    }
}
