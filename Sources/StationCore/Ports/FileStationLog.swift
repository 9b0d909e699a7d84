import Foundation

/// Appends log lines to a private file (0600); never the terminal. Callers never pass patient data.
public final class FileStationLog: StationLog, @unchecked Sendable {
    private let handle: FileHandle?
    private let lock = NSLock()
    private let clock: any StationClock

    public init(file: URL, clock: any StationClock = SystemClock()) {
        self.clock = clock
        let path = file.path
        // A link in its place would send the log elsewhere: then there is no log (start-up refuses it).
        guard !PrivateEntry.isLink(file) else {
            handle = nil
            return
        }
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        handle = FileHandle(forWritingAtPath: path)
        _ = try? handle?.seekToEnd()
    }

    deinit { try? handle?.close() }

    public func log(_ level: LogLevel, _ message: String) {
        let stamp = ISO8601DateFormatter().string(from: clock.wallTime)
        let line = "\(stamp) \(level.rawValue) \(message)\n"
        lock.lock()
        defer { lock.unlock() }
        // Other processes (a command, a background training) append to the same file: write at its
        // end as it is now, not where this process last left it, or their lines are overwritten.
        _ = try? handle?.seekToEnd()
        try? handle?.write(contentsOf: Data(line.utf8))
    }
}
