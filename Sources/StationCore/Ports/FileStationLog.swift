import Foundation
import Synchronization

/// Appends log lines to a private file (0600); never the terminal. Callers never pass patient data.
public final class FileStationLog: StationLog, Sendable {
    /// Opened for appending (`O_APPEND`): every line lands whole at the end of the file, even while
    /// another process (a second station, a CLI run, a background training) writes the same log.
    /// Behind a mutex: one line at a time, so lines of two tasks never interleave. Opened by the first
    /// line, not at start (a stream over a URL costs the first frame a quarter of a millisecond).
    private let sink: Mutex<Sink>
    private let clock: any StationClock

    private enum Sink {
        case unopened(URL)
        case open(OutputStream)
        /// A link in the file's place would send the log elsewhere: then there is no log (start-up refuses it).
        case none
    }

    public init(file: URL, clock: any StationClock = SystemClock()) {
        self.clock = clock
        sink = Mutex(.unopened(file))
    }

    private static func open(_ file: URL) -> Sink {
        guard !PrivateEntry.isLink(file) else { return .none }
        let path = file.path
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        guard let opened = OutputStream(toFileAtPath: path, append: true) else { return .none }
        opened.open()
        return .open(opened)
    }

    deinit {
        sink.withLock {
            if case .open(let stream) = $0 { stream.close() }
        }
    }

    public func log(_ level: LogLevel, _ message: String) {
        // FoundationEssentials' style, in Swift: ISO8601DateFormatter builds an ICU formatter per line,
        // a millisecond of the start-up before the first frame.
        let stamp = clock.wallTime.formatted(Date.ISO8601FormatStyle())
        let line = Array("\(stamp) \(level.rawValue) \(message)\n".utf8)
        sink.withLock { sink in
            if case .unopened(let file) = sink { sink = Self.open(file) }
            guard case .open(let stream) = sink else { return }
            // One write per line, so the kernel appends it in one piece.
            var written = 0
            while written < line.count {
                let count = line[written...].withUnsafeBufferPointer {
                    stream.write($0.baseAddress!, maxLength: $0.count)
                }
                guard count > 0 else { return }
                written += count
            }
        }
    }
}
