import Foundation
import StationCore
import StationSystem
import Synchronization

/// The capture lock as a `FileLock` (flock) on a file in the data directory. The kernel drops the lock
/// when the holding process ends, even by `kill -9`, so a crash never leaves the station locked.
public final class FileCaptureLock: CaptureLocking, Sendable {
    private let path: String
    /// The lock while this process holds it, and how many captures hold it (a resume of one and the
    /// start of the next may overlap).
    private let held = Mutex<(lock: FileLock?, holders: Int)>((nil, 0))

    public init(paths: StationPaths) { path = paths.captureLock.path }

    public init(path: String) { self.path = path }

    public func acquire() throws -> Bool {
        try held.withLock { held in
            if held.holders > 0 {
                held.holders += 1
                return true
            }
            try PrivateFile.create(path)
            let lock = try FileLock(path: path, creating: .never)
            // Not waiting: a second station must be told at once, not wait for the recording to end.
            guard try lock.tryLock() else { return false }
            held = (lock, 1)
            return true
        }
    }

    public func release() {
        held.withLock { held in
            guard held.holders > 0 else { return }
            held.holders -= 1
            guard held.holders == 0 else { return }
            held.lock?.unlock()
            held.lock?.close()
            held.lock = nil
        }
    }
}
