import Foundation
import StationCore

#if canImport(Glibc)
    import Glibc
#endif

/// The capture lock as `flock(2)` on a file in the data directory. The kernel drops the lock when
/// the holding process ends, even by `kill -9`, so a crash never leaves the station locked.
public final class FileCaptureLock: CaptureLocking, @unchecked Sendable {
    private let path: String
    private let mutex = NSLock()
    // Guarded by `mutex`.
    private var descriptor: Int32 = -1
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
            let descriptor = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { throw POSIXFailure(operation: "open", path: path, code: errno) }
            // LOCK_NB: a second station must be told at once, not wait for the recording to end.
            while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                if code == EINTR { continue }
                close(descriptor)
                if code == EWOULDBLOCK { return false }
                throw POSIXFailure(operation: "flock", path: path, code: code)
            }
            self.descriptor = descriptor
            holders = 1
            return true
        }
    }

    public func release() {
        mutex.withLock {
            guard holders > 0 else { return }
            holders -= 1
            guard holders == 0 else { return }
            flock(descriptor, LOCK_UN)
            close(descriptor)
            descriptor = -1
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}
