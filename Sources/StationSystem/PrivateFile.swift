#if canImport(Glibc)
    import Glibc
#endif

/// The one way the station opens its own files: never through a symbolic link in the file's place
/// (O_NOFOLLOW: refused with ELOOP, which `Errno` words as a refused link naming it), never inherited by
/// a child process (O_CLOEXEC), and created readable by its owner only (0600) before a byte is written.
public enum PrivateFile {
    /// Whether opening may create the file.
    public enum Creation: Sendable {
        /// The file must exist.
        case never
        /// Created (0600) when missing.
        case ifMissing
        /// Created (0600), and refused when it exists already (O_EXCL): nothing is ever overwritten.
        case exclusively
    }

    public enum Access: Sendable {
        case readOnly, writeOnly, readWrite

        var flags: CInt {
            switch self {
            case .readOnly: O_RDONLY
            case .writeOnly: O_WRONLY
            case .readWrite: O_RDWR
            }
        }
    }

    public static let mode: mode_t = 0o600

    /// Opens `path`. The corresponding C function is `open`.
    public static func open(
        _ path: String, _ access: Access = .readWrite, creating: Creation = .never, truncating: Bool = false
    ) throws(Errno) -> FileDescriptor {
        var flags = access.flags | O_NOFOLLOW | O_CLOEXEC
        switch creating {
        case .never: break
        case .ifMissing: flags |= O_CREAT
        case .exclusively: flags |= O_CREAT | O_EXCL
        }
        if truncating { flags |= O_TRUNC }
        let action = creating == .never ? "open" : "create"
        let descriptor = try valueOrErrno(action, path: path) { Glibc.open(path, flags, mode) }
        return FileDescriptor(rawValue: descriptor)
    }

    /// Opens `path` (creating it when missing) and makes it 0600 when it was found looser, so a file an
    /// older version or another program left readable by others is private again.
    public static func openTightened(_ path: String, _ access: Access = .readWrite) throws(Errno) -> FileDescriptor {
        let descriptor = try open(path, access, creating: .ifMissing)
        do {
            try tighten(descriptor)
        } catch {
            descriptor.close()
            throw error.concerning(path)
        }
        return descriptor
    }

    /// Creates `path` empty when missing, makes it 0600 and closes it again.
    public static func create(_ path: String) throws(Errno) {
        try openTightened(path).close()
    }

    /// Writes `bytes` into a new file at `path`, which must not exist.
    public static func write(_ bytes: [UInt8], toNew path: String) throws(Errno) {
        let descriptor = try open(path, .writeOnly, creating: .exclusively)
        defer { descriptor.close() }
        do {
            try descriptor.writeAll(bytes)
        } catch {
            unlink(path)
            throw error.concerning(path)
        }
    }

    /// Puts `bytes` in place of the file at `path` whole or not at all: written to a new private file
    /// beside it, saved to the disk, then renamed over it. The corresponding C function is `rename`.
    public static func replace(_ path: String, with bytes: [UInt8]) throws(Errno) {
        let temporary = temporaryPath(beside: path)
        let descriptor = try open(temporary, .writeOnly, creating: .exclusively)
        do {
            defer { descriptor.close() }
            try descriptor.writeAll(bytes)
            try descriptor.sync()
        } catch {
            unlink(temporary)
            throw error.concerning(path)
        }
        do {
            try valueOrErrno("replace", path: path) { rename(temporary, path) }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// A new path for a file written whole beside `path` before it takes its place:
    /// `.<name>.<pid>.<random>.tmp`, hidden, and naming the process that writes it.
    public static func temporaryPath(beside path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return "\(folder)/.\(name).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
    }

    /// Removes the files in `folder` that `temporaryPath` named for a process that has ended: one killed
    /// while it wrote (a station ended during its first second writes a 25 MB language-model copy) left
    /// its file for good. A running process's file stays, and so does every other file.
    public static func removeAbandonedTemporaries(in folder: String) {
        guard let directory = opendir(folder) else { return }
        var abandoned: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix("."), name.hasSuffix(".tmp") else { continue }
            let parts = name.split(separator: ".")
            guard parts.count >= 4, let pid = pid_t(parts[parts.count - 3]), UInt64(parts[parts.count - 2]) != nil,
                !Processes.exists(pid)
            else { continue }
            abandoned.append(name)
        }
        closedir(directory)
        for name in abandoned { unlink("\(folder)/\(name)") }
    }

    /// Puts the file at `from` in place of `to` in one step (another process sees one or the other).
    /// The corresponding C function is `rename`.
    public static func move(_ from: String, over to: String) throws(Errno) {
        try valueOrErrno("replace", path: to) { rename(from, to) }
    }

    /// Removes the file at `path` (a link there itself, never what it points to). The corresponding C
    /// function is `unlink`.
    public static func remove(_ path: String) throws(Errno) {
        try valueOrErrno("remove", path: path) { unlink(path) }
    }

    /// Makes an open file 0600 when others (or its group) may read it.
    static func tighten(_ descriptor: FileDescriptor) throws(Errno) {
        let status = try descriptor.status()
        if status.permissions & 0o077 != 0 { try descriptor.setPermissions(mode) }
    }
}

/// Folders that hold patient data or serve it: 0700, never a symbolic link in their place.
public enum PrivateDirectory {
    public static let mode: mode_t = 0o700

    /// Makes `path` a private folder: created 0700 when missing; one that is there must be a folder of
    /// this account, not a link (refused with ELOOP, naming it), and is made 0700 when looser. The path's
    /// parents are created 0700 when `creatingParents` and they are missing (a link among the parents, an
    /// administrator's link to an encrypted volume for example, is followed).
    public static func make(_ path: String, creatingParents: Bool = false) throws(Errno) {
        if creatingParents, let slash = path.lastIndex(of: "/"), slash > path.startIndex {
            let parent = String(path[..<slash])
            if (try FileStatus.ofEntry(at: parent)) == nil { try make(parent, creatingParents: true) }
        }
        do {
            try valueOrErrno("create", path: path) { mkdir(path, mode) }
            return
        } catch  where error.alreadyExists {
            // There already (or made by another process just now): check it like any found folder.
        }
        let descriptor = try openFolder(path)
        defer { descriptor.close() }
        do throws(Errno) {
            let status = try descriptor.status()
            guard status.owner == geteuid() else {
                throw Errno(code: EPERM, action: "keep private files in", path: path)
            }
            if status.permissions & 0o777 != mode { try descriptor.setPermissions(mode) }
        } catch {
            throw error.path == nil ? error.concerning(path) : error
        }
    }

    /// Opens the folder at `path` itself, never what a link there points to. The corresponding C function
    /// is `open` with O_DIRECTORY and O_NOFOLLOW (which answers ENOTDIR for a link: told apart with `lstat`).
    public static func openFolder(_ path: String) throws(Errno) -> FileDescriptor {
        do {
            let descriptor = try valueOrErrno("open", path: path) {
                Glibc.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            return FileDescriptor(rawValue: descriptor)
        } catch  where error.code == ENOTDIR {
            if try FileStatus.ofEntry(at: path)?.kind == .symbolicLink {
                throw Errno(code: ELOOP, action: "open", path: path)
            }
            throw error
        }
    }
}
