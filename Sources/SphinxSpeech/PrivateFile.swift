import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Private (0600) files replaced whole: a temporary file beside the target, synced, then renamed over it.
enum PrivateFile {
    static func replace(_ url: URL, with data: Data) throws(VocabularyError) {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .storage("\(temporary.path): \(String(cString: strerror(errno)))") }
        var written = 0
        let ok = data.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 { if errno == EINTR { continue } else { return false } }
                written += count
            }
            return fsync(descriptor) == 0
        }
        close(descriptor)
        guard ok, rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw .storage("\(url.path): \(reason)")
        }
    }

    /// Takes an exclusive `flock` on `url` (made 0600 if missing), waiting for another holder.
    static func lock(_ url: URL) throws(VocabularyError) -> Int32 {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .storage("\(url.path): \(String(cString: strerror(errno)))") }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                close(descriptor)
                throw .storage("\(url.path): \(String(cString: strerror(errno)))")
            }
        }
        return descriptor
    }

    static func unlock(_ descriptor: Int32) { close(descriptor) }
}

/// A file's identity and last change, to tell whether it changed since it was read.
struct FileStamp: Equatable, Sendable {
    let inode: UInt64
    let size: Int64
    let modified: Int64
    let modifiedNanoseconds: Int

    /// The stamp of the file at `url` (not followed when a link), nil when there is none.
    init?(of url: URL) {
        var status = stat()
        guard lstat(url.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec)
        modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
    }
}
