#if canImport(Glibc)
    import Glibc
#endif

/// What `stat` says about a file: its kind, permission bits, owner, size and identity.
public struct FileStatus: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case regular, directory, symbolicLink, other
    }

    public var kind: Kind
    /// The permission bits alone (0600, 0755).
    public var permissions: mode_t
    public var owner: uid_t
    public var group: gid_t
    public var size: Int64
    public var inode: UInt64
    /// The last change of the contents, in seconds and nanoseconds since 1970.
    public var modifiedSeconds: Int64
    public var modifiedNanoseconds: Int

    init(_ status: stat) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        permissions = status.st_mode & 0o7777
        owner = status.st_uid
        group = status.st_gid
        size = Int64(status.st_size)
        inode = UInt64(status.st_ino)
        modifiedSeconds = Int64(status.st_mtim.tv_sec)
        modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
    }

    /// The mode as `ls -l` shows it (`drwxrws---`), so a person is told what they would see.
    public var modeWords: String {
        let type: Character =
            switch kind {
            case .directory: "d"
            case .symbolicLink: "l"
            case .regular: "-"
            case .other: "?"
            }
        var text = String(type)
        let bits: [(mode_t, Character, mode_t, Character)] = [
            (0o400, "r", 0, "-"), (0o200, "w", 0, "-"), (0o100, "x", 0o4000, "s"),
            (0o040, "r", 0, "-"), (0o020, "w", 0, "-"), (0o010, "x", 0o2000, "s"),
            (0o004, "r", 0, "-"), (0o002, "w", 0, "-"), (0o001, "x", 0o1000, "t"),
        ]
        for (bit, letter, special, specialLetter) in bits {
            let set = permissions & bit != 0
            if special != 0, permissions & special != 0 {
                text.append(set ? specialLetter : Character(specialLetter.uppercased()))
            } else {
                text.append(set ? letter : "-")
            }
        }
        return text
    }

    /// The status of what `path` names, following links; nil when there is none. The corresponding C
    /// function is `fstatat`.
    public static func of(_ path: String) throws(Errno) -> FileStatus? {
        var status = stat()
        do {
            try valueOrErrno("look at", path: path) { fstatat(AT_FDCWD, path, &status, 0) }
        } catch  where error.doesNotExist {
            return nil
        }
        return FileStatus(status)
    }

    /// The status of the entry at `path` itself, not of what it links to; nil when there is none.
    /// The corresponding C function is `lstat`.
    public static func ofEntry(at path: String) throws(Errno) -> FileStatus? {
        var status = stat()
        do {
            try valueOrErrno("look at", path: path) { lstat(path, &status) }
        } catch  where error.doesNotExist {
            return nil
        }
        return FileStatus(status)
    }
}
