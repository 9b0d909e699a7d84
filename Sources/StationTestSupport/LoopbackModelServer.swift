import Foundation
import StationSystem

// The tests read the server's counters over http (`String(contentsOf:)`), which Foundation on Linux does
// only with FoundationNetworking loaded; the station itself does not link it (its downloads run in
// `dictation-station-fetch`).
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The test HTTP server (Tests/Fixtures/model_server.py) on 127.0.0.1 and a free port, serving the files
/// of one folder: as they are, throttled, with an error status, or stopping to answer.
public final class LoopbackModelServer: Sendable {
    public enum Mode: String, Sendable {
        case files, slow, paced, hang
    }

    public let port: Int
    public let root: URL
    /// The server; its standard input is held open for its life: it exits when that closes (also when a
    /// test crashes).
    private let child: ChildProcess

    /// Starts the server on the files of `root`.
    public init(serving root: URL) throws {
        self.root = root
        var spawn = Spawn(
            "/usr/bin/python3", [PackagePaths.fixtures.appendingPathComponent("model_server.py").path, root.path])
        spawn.input = .pipe
        spawn.output = .capture
        let child = try spawn.start()
        self.child = child
        var line: [UInt8] = []
        while let output = child.output, let byte = try output.read(upTo: 1).first, byte != 10 { line.append(byte) }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            _ = child.stop(grace: .seconds(5))
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

    /// Ends the server: its lifeline closed, then SIGTERM (it starts with no signal blocked), SIGKILL
    /// after a grace period.
    public func stop() {
        child.close(child.input)
        _ = child.stop(grace: .seconds(5))
    }
}
