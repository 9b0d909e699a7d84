#if canImport(Glibc)
    import Glibc
#endif

/// A lock on a file that every process of the machine sees (`flock(2)`), held while this object keeps
/// the file open. The kernel drops it when the holder ends, even by `kill -9`, so a crash never leaves
/// a lock behind. The file is opened as a private file: 0600, never through a symbolic link.
///
/// Not for sharing between threads: its owner guards it.
public final class FileLock {
    public enum Kind: Sendable {
        case shared, exclusive

        var operation: CInt { self == .shared ? LOCK_SH : LOCK_EX }
    }

    public let path: String
    /// The open file, for reading or writing what the lock's holder keeps in it.
    public let descriptor: FileDescriptor
    private var isOpen = true

    /// Opens (or with `creating`, creates) the lock file at `path`; takes no lock yet.
    public init(
        path: String, creating: PrivateFile.Creation = .ifMissing, access: PrivateFile.Access = .readWrite
    ) throws(Errno) {
        self.path = path
        descriptor = try PrivateFile.open(path, access, creating: creating)
    }

    /// The lock a parent process took on `path` and handed to this one as the open `descriptor`
    /// (`Spawn.passedDescriptors`): an `flock` belongs to the open file, so it is this process's now.
    /// Refused (nil) unless `descriptor` is open on the very file at `path`.
    public init?(inheriting descriptor: FileDescriptor, path: String) {
        guard let held = try? descriptor.status(), let named = try? FileStatus.ofEntry(at: path),
            held.inode == named.inode, named.kind == .regular
        else { return nil }
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close() }

    /// Takes the lock if no other process holds it; false when one does. The corresponding C function is
    /// `flock` with LOCK_NB.
    public func tryLock(_ kind: Kind = .exclusive) throws(Errno) -> Bool {
        do {
            try valueOrErrno("lock", path: path) { flock(descriptor.rawValue, kind.operation | LOCK_NB) }
            return true
        } catch  where error.wouldBlock {
            return false
        }
    }

    /// Takes the lock, waiting for as long as another process holds it. The corresponding C function is `flock`.
    public func lock(_ kind: Kind = .exclusive) throws(Errno) {
        try valueOrErrno("lock", path: path) { flock(descriptor.rawValue, kind.operation) }
    }

    /// Lets go of the lock; the file stays open. The corresponding C function is `flock` with LOCK_UN.
    public func unlock() { _ = flock(descriptor.rawValue, LOCK_UN) }

    /// Closes the file, which lets go of the lock. Closing again does nothing.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        descriptor.close()
    }
}
