import Foundation
import StationCore

#if canImport(Glibc)
    import Glibc
#endif

/// Import markers as files beside the recording (`<recording>.importing`, 0600, holding the session,
/// locale and the original's size as JSON), each locked with `flock(2)` while its import runs. The kernel drops the lock when the
/// process dies, even by `kill -9`, so a live import and a killed one are told apart.
public struct ImportMarkerFiles: ImportMarking {
    public static let suffix = ".importing"

    public init() {}

    /// The marker file of `recording`.
    public static func marker(for recording: URL) -> URL {
        recording.deletingLastPathComponent().appendingPathComponent(recording.lastPathComponent + suffix)
    }

    public func begin(_ recording: URL, intent: ImportIntent) throws -> any ImportMark {
        let path = Self.marker(for: recording).path
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        guard flock(descriptor, LOCK_EX) == 0 else {
            let code = errno
            close(descriptor)
            unlink(path)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        let json = (try? JSONEncoder().encode(intent)) ?? Data()
        _ = json.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        return HeldMarker(path: path, descriptor: descriptor)
    }

    /// What the marker beside `recording` says: none, held by a live import, or left by a dead one.
    public static func state(for recording: URL) -> ImportMarkerState {
        let path = marker(for: recording).path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .none }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { return errno == EWOULDBLOCK ? .inProgress : .none }
        defer { flock(descriptor, LOCK_UN) }
        let data = FileManager.default.contents(atPath: path) ?? Data()
        return .unfinished(try? JSONDecoder().decode(ImportIntent.self, from: data))
    }

    /// A marker held by this process until `end()`.
    final class HeldMarker: ImportMark, @unchecked Sendable {
        private let path: String
        private let lock = NSLock()
        private var descriptor: Int32

        init(path: String, descriptor: Int32) {
            self.path = path
            self.descriptor = descriptor
        }

        /// Removes the marker, then lets go of its lock (so no one sees an unlocked marker of a live import).
        func end() {
            lock.withLock {
                guard descriptor >= 0 else { return }
                unlink(path)
                close(descriptor)
                descriptor = -1
            }
        }

        deinit { end() }
    }
}
