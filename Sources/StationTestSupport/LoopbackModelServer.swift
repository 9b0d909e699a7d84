import Foundation

/// The test HTTP server (Tests/Fixtures/model_server.py) on 127.0.0.1 and a free port, serving the files
/// of one folder: as they are, throttled, with an error status, or stopping to answer.
public final class LoopbackModelServer: @unchecked Sendable {
    public enum Mode: String, Sendable {
        case files, slow, paced, hang
    }

    public let port: Int
    public let root: URL
    private let process: Process
    /// Held open for the server's life: the server exits when it closes (also when a test crashes).
    private let lifeline = Pipe()

    /// Starts the server on the files of `root`.
    public init(serving root: URL) throws {
        self.root = root
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [PackagePaths.fixtures.appendingPathComponent("model_server.py").path, root.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = lifeline
        try process.run()
        var line = Data()
        while let byte = try pipe.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 10 {
            line.append(first)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    deinit { stop() }

    public var base: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The URL of a served file in a mode.
    public func url(_ name: String, _ mode: Mode = .files) -> URL {
        base.appendingPathComponent(mode.rawValue).appendingPathComponent(name)
    }

    /// A URL that answers `status` (404, 500, …).
    public func status(_ status: Int, _ name: String) -> URL {
        base.appendingPathComponent("status/\(status)").appendingPathComponent(name)
    }

    /// How many requests a path (such as `files/model.tar.gz`) has had.
    public func requests(_ path: String) throws -> Int {
        let text = try String(contentsOf: base.appendingPathComponent("count/\(path)"), encoding: .utf8)
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// Ends the server. SIGKILL, since a child of the test runner inherits its blocked signals and would
    /// never see a SIGTERM.
    public func stop() {
        try? lifeline.fileHandleForWriting.close()
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
