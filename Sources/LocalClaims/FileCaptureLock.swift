import Foundation
import StationCore
import StationSystem

/// The capture lock as a `FileLock` (flock) on a file in the data directory. The kernel drops the lock
/// when the holding process ends, even by `kill -9`, so a crash never leaves the station locked.
public final class FileCaptureLock: CaptureLocking, @unchecked Sendable {
    private let path: String
    private let mutex = NSLock()
    // Guarded by `mutex`.
    private var lock: FileLock?
    private var holders = 0

    public init(paths: StationPaths) { path = paths.captureLock.path }

    public init(path: String) { self.path = path }

    public func acquire() throws -> Bool {
        try mutex.withLock {
            if holders > 0 {
                holders += 1
                return true
            }
            try PrivateFile.create(path)
            let lock = try FileLock(path: path, creating: .never)
            // Not waiting: a second station must be told at once, not wait for the recording to end.
            guard try lock.tryLock() else { return false }
            self.lock = lock
            holders = 1
            return true
        }
    }

    public func release() {
        mutex.withLock {
            guard holders > 0 else { return }
            holders -= 1
            guard holders == 0 else { return }
            lock?.unlock()
            lock?.close()
            lock = nil
        }
    }
}
