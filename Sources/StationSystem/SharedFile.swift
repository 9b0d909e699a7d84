#if canImport(Glibc)
    import Glibc
#endif

/// A file the administrator keeps for every account (`/etc/dictation-station/store.conf`), read with the
/// status of the very file that was read (fstat on its descriptor), so what is checked is what is used.
public enum SharedFile {
    /// The text of `path` and its status, or nil when there is no such file; at most `limit` bytes.
    /// Links are followed, as an administrator's files in /etc may be links. The corresponding C
    /// functions are `open`, `fstat` and `read`.
    public static func read(_ path: String, limit: Int = 64 * 1024) throws(Errno) -> (text: String, status: FileStatus)?
    {
        let descriptor: FileDescriptor
        do {
            descriptor = FileDescriptor(
                rawValue: try valueOrErrno("read", path: path) { open(path, O_RDONLY | O_CLOEXEC) })
        } catch  where error.doesNotExist {
            return nil
        }
        defer { descriptor.close() }
        let status = try descriptor.status()
        guard status.kind == .regular else { throw Errno(code: EISDIR, action: "read", path: path) }
        var bytes: [UInt8] = []
        while bytes.count <= limit {
            let chunk = try descriptor.read(upTo: 4096)
            if chunk.isEmpty { break }
            bytes += chunk
        }
        guard bytes.count <= limit else { throw Errno(code: EFBIG, action: "read", path: path) }
        return (String(decoding: bytes, as: UTF8.self), status)
    }
}

/// A group's name, as a person is told who may use a folder ("group clinic").
public enum GroupName {
    /// The name of group `gid`; "group N" when the group database does not know it. The corresponding C
    /// function is `getgrgid_r`.
    public static func of(gid: gid_t) -> String {
        var entry = group()
        var result: UnsafeMutablePointer<group>?
        var size = max(1024, Int(sysconf(CInt(_SC_GETGR_R_SIZE_MAX))))
        while true {
            var buffer = [CChar](repeating: 0, count: size)
            let code = getgrgid_r(gid, &entry, &buffer, buffer.count, &result)
            if code == ERANGE, size < 1 << 20 {
                size *= 4
                continue
            }
            guard code == 0, result != nil, let name = entry.gr_name, name.pointee != 0 else { return "\(gid)" }
            return String(cString: name)
        }
    }
}
