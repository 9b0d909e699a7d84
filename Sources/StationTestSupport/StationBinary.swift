import Foundation

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

    /// Runs the binary to completion with `arguments`, extra `environment` and optional standard input.
    public static func run(
        _ arguments: [String], environment: [String: String] = [:], input: String? = nil
    ) throws -> Outcome {
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw CocoaError(
                .fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(url.path): run `swift build --build-tests` first"])
        }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        // In UTC and with no data directory from the caller's environment, so outputs are comparable.
        var merged = ProcessInfo.processInfo.environment
        merged["TZ"] = "UTC"
        merged.removeValue(forKey: "DICTATION_STATION_HOME")
        process.environment = merged.merging(environment) { $1 }
        let output = Pipe()
        let error = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        // Read standard error beside standard output, so a full pipe never blocks the binary.
        let errorData = Locked(Data())
        let errorRead = DispatchSemaphore(value: 0)
        Thread {
            errorData.withLock { $0 = error.fileHandleForReading.readDataToEndOfFile() }
            errorRead.signal()
        }.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errorRead.wait()
        return Outcome(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.current, as: UTF8.self))
    }
}
