import Foundation
import Synchronization

/// Appends log lines to a private file (0600); never the terminal. Callers never pass patient data.
public final class FileStationLog: StationLog, Sendable {
    /// Opened for appending (`O_APPEND`): every line lands whole at the end of the file, even while
    /// another process (a second station, a CLI run, a background training) writes the same log.
    /// Behind a mutex: one line at a time, so lines of two tasks never interleave.
    private let stream: Mutex<OutputStream?>
    private let clock: any StationClock

    public init(file: URL, clock: any StationClock = SystemClock()) {
        self.clock = clock
        let path = file.path
        // A link in its place would send the log elsewhere: then there is no log (start-up refuses it).
        guard !PrivateEntry.isLink(file) else {
            stream = Mutex(nil)
            return
        }
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        let opened = OutputStream(toFileAtPath: path, append: true)
        opened?.open()
        stream = Mutex(opened)
    }

    deinit { stream.withLock { $0?.close() } }

    public func log(_ level: LogLevel, _ message: String) {
        // FoundationEssentials' style, in Swift: ISO8601DateFormatter builds an ICU formatter per line,
        // a millisecond of the start-up before the first frame.
        let stamp = clock.wallTime.formatted(Date.ISO8601FormatStyle())
        let line = Array("\(stamp) \(level.rawValue) \(message)\n".utf8)
        stream.withLock { stream in
            guard let stream else { return }
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
