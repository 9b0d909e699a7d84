import Foundation
import StationCore

#if canImport(Glibc)
    import Glibc
#endif

/// One training at a time per data directory: `flock(2)` on `<data>/profiles/.training.lock`. A
/// second training (another station, `profiles update` by hand) waits for the first to end; the
/// kernel drops the lock when its holder ends, even by `kill -9`.
public final class TrainingLock: @unchecked Sendable {
    private let path: String
    private var descriptor: Int32 = -1

    public init(profiles: SpeakerProfiles) {
        path = profiles.directory.appendingPathComponent(".training.lock").path
    }

    /// Takes the lock, waiting for the holder if there is one (`waiting` is called first then).
    public func acquire(waiting: () -> Void = {}) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try SpeakerProfiles.makePrivateFolder(folder)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw TrainingLockFailure(operation: "open", code: errno) }
        var told = false
        while flock(descriptor, LOCK_EX | (told ? 0 : LOCK_NB)) != 0 {
            let code = errno
            if code == EINTR { continue }
            if code == EWOULDBLOCK, !told {
                told = true
                waiting()
                continue
            }
            close(descriptor)
            throw TrainingLockFailure(operation: "flock", code: code)
        }
        self.descriptor = descriptor
    }

    public func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}

struct TrainingLockFailure: Error, CustomStringConvertible {
    var operation: String
    var code: Int32
    var description: String {
        "the training lock could not be taken (\(operation): \(String(cString: strerror(code))))"
    }
}
