import Foundation
import StationCore
import StationSystem

/// One training at a time per data directory: a `FileLock` (flock) on `<data>/profiles/.training.lock`.
/// A second training (another station, `profiles update` by hand) waits for the first to end; the
/// kernel drops the lock when its holder ends, even by `kill -9`.
///
/// Not `Sendable`: one training takes, holds and releases it; no other thread ever touches it.
public final class TrainingLock {
    private let path: String
    private var lock: FileLock?

    public init(profiles: SpeakerProfiles) {
        path = profiles.directory.appendingPathComponent(".training.lock").path
    }

    /// Takes the lock, waiting for the holder if there is one (`waiting` is called first then).
    public func acquire(waiting: () -> Void = {}) throws {
        try SpeakerProfiles.makePrivateFolder(URL(fileURLWithPath: path).deletingLastPathComponent())
        do throws(Errno) {
            let lock = try FileLock(path: path)
            if try !lock.tryLock() {
                waiting()
                try lock.lock()
            }
            self.lock = lock
        } catch {
            throw TrainingLockFailure(error: error)
        }
    }

    public func release() {
        lock?.unlock()
        lock?.close()
        lock = nil
    }

    deinit { release() }
}

struct TrainingLockFailure: Error, CustomStringConvertible {
    var error: Errno
    var description: String { "the training lock could not be taken: \(error.reason)" }
}
