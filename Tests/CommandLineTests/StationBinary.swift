import Foundation

/// The built `dictation-station` executable, run as a person would run it.
enum StationBinary {
    /// `<package>/.build/debug/dictation-station`, found from this file's place in the package.
    static let url: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent(".build/debug/dictation-station")
    }()

    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs the binary with `arguments` and waits for it.
    static func run(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read standard error beside standard output, so a full pipe never blocks the binary.
        let errorText = ErrorText()
        let reader = Thread { errorText.read(errors.fileHandleForReading) }
        reader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: errorText.wait())
    }

    private final class ErrorText: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        func read(_ handle: FileHandle) {
            data = handle.readDataToEndOfFile()
            done.signal()
        }

        func wait() -> String {
            done.wait()
            return String(decoding: data, as: UTF8.self)
        }
    }
}
