import Foundation
import StationCore

#if canImport(Glibc)
    import Glibc
#endif

/// Files that hold patient data or guard it: created 0600, and tightened to 0600 when found looser.
enum PrivateFile {
    /// Creates `path` (empty) when it does not exist, and makes it readable by its owner only.
    /// SQLite gives its -wal and -shm files the mode of the database file, so they follow. A symbolic
    /// link in its place is refused, never followed (O_NOFOLLOW).
    static func create(_ path: String) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            if errno == ELOOP { throw DataDirectoryError.symbolicLink(path: path) }
            throw POSIXFailure(operation: "open", path: path, code: errno)
        }
        defer { close(descriptor) }
        guard fchmod(descriptor, 0o600) == 0 else { throw POSIXFailure(operation: "chmod", path: path, code: errno) }
    }
}

/// A failed system call on a file.
public struct POSIXFailure: Error, Sendable, CustomStringConvertible {
    public var operation: String
    public var path: String
    public var code: Int32

    public var description: String { "\(operation) \(path): \(String(cString: strerror(code)))" }
}
