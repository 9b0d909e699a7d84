import Foundation
import StationCore
import StationSystem
import Synchronization

/// Import markers as files beside the recording (`<recording>.importing`, 0600, holding the session,
/// locale and the original's size as JSON), each locked (`FileLock`, flock) while its import runs. The
/// kernel drops the lock when the process dies, even by `kill -9`, so a live import and a killed one are
/// told apart.
public struct ImportMarkerFiles: ImportMarking, ImportMarkReading {
    public static let suffix = ".importing"

    public init() {}

    /// The marker file of `recording`.
    public static func marker(for recording: URL) -> URL {
        recording.deletingLastPathComponent().appendingPathComponent(recording.lastPathComponent + suffix)
    }

    public func begin(_ recording: URL, intent: ImportIntent) throws -> any ImportMark {
        let path = Self.marker(for: recording).path
        do throws(Errno) {
            let lock = try FileLock(path: path, creating: .exclusively)
            do {
                try lock.lock()
            } catch {
                lock.close()
                try? PrivateFile.remove(path)
                throw error
            }
            try? lock.descriptor.writeAll(Array((try? JSONEncoder().encode(intent)) ?? Data()))
            return HeldMarker(path: path, lock: lock)
        } catch {
            // The importer tells a full disk from a folder it may not write by the POSIX code.
            throw POSIXError(POSIXErrorCode(rawValue: error.code) ?? .EIO)
        }
    }

    public func state(of recording: URL) -> ImportMarkerState { Self.state(for: recording) }

    public func removeMark(of recording: URL) { try? PrivateFile.remove(Self.marker(for: recording).path) }

    public func isMark(_ file: URL) -> Bool { file.lastPathComponent.hasSuffix(Self.suffix) }

    /// What the marker beside `recording` says: none, held by a live import, or left by a dead one.
    public static func state(for recording: URL) -> ImportMarkerState {
        let path = marker(for: recording).path
        guard let lock = try? FileLock(path: path, creating: .never, access: .readOnly) else { return .none }
        do {
            guard try lock.tryLock(.shared) else { return .inProgress }
        } catch {
            return .none
        }
        defer { lock.unlock() }
        let data = FileManager.default.contents(atPath: path) ?? Data()
        return .unfinished(try? JSONDecoder().decode(ImportIntent.self, from: data))
    }

    /// A marker held by this process until `end()`.
    final class HeldMarker: ImportMark, Sendable {
        private let path: String
        /// The marker's lock until `end()`.
        private let lock: Mutex<FileLock?>

        init(path: String, lock: sending FileLock) {
            self.path = path
            self.lock = Mutex(lock)
        }

        /// Removes the marker, then lets go of its lock (so no one sees an unlocked marker of a live import).
        func end() {
            lock.withLock { held in
                guard let lock = held else { return }
                try? PrivateFile.remove(path)
                lock.close()
                held = nil
            }
        }

        deinit { end() }
    }
}
