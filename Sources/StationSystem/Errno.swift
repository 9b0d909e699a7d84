import Localization

#if canImport(Glibc)
    import Glibc
#endif

/// A system call that failed: the C `errno`, what was being done and to which file, worded for the
/// person at the station ("cannot write /data/audio/x.wav: the disk is full"). Every system call of the
/// station goes through `valueOrErrno` or `Errno(code:…)`, so an errno is put into words here and only here.
public struct Errno: Error, Sendable, Hashable, CustomStringConvertible {
    /// The C error code (`ENOSPC`, `EACCES`, …).
    public var code: CInt
    /// What was being done, as a verb that takes the file as object: "open", "write to", "lock".
    public var action: String
    /// The file or folder it concerns, when there is one.
    public var path: String?

    public init(code: CInt, action: String, path: String? = nil) {
        self.code = code
        self.action = action
        self.path = path
    }

    /// The error the last failed call of this thread left in `errno`.
    static func last(_ action: String, path: String? = nil) -> Errno {
        Errno(code: Glibc.errno, action: action, path: path)
    }

    /// The same failure, said about `path` (a descriptor's calls do not know their file's name).
    public func concerning(_ path: String) -> Errno { Errno(code: code, action: action, path: path) }

    /// The same failure with another action, when the caller knows better what it was doing.
    public func doing(_ action: String) -> Errno { Errno(code: code, action: action, path: path) }

    public var isDiskFull: Bool { code == ENOSPC || code == EDQUOT }
    public var isPermissionDenied: Bool { code == EACCES || code == EPERM }
    /// A symbolic link was refused where the station's own file or folder should be.
    public var isLinkRefused: Bool { code == ELOOP }
    public var doesNotExist: Bool { code == ENOENT }
    public var alreadyExists: Bool { code == EEXIST }
    /// Another process holds the lock (or the call would have had to wait).
    public var wouldBlock: Bool { code == EWOULDBLOCK || code == EAGAIN }

    /// Why it failed, in words, without the file.
    public var reason: String {
        let account = LoginAccount.current.name
        return switch code {
        case ENOSPC: tr("the disk is full; free some space, then try again")
        case EDQUOT: tr("the disk quota of \(account) is used up; free some space, then try again")
        case EACCES, EPERM: tr("the account \(account) has no permission for it")
        case ELOOP:
            tr(
                "it is a symbolic link; the station does not follow links among its own files: move the link away (and what belongs there back), then try again"
            )
        case ENOENT: tr("it does not exist")
        case EEXIST: tr("it exists already")
        case ENOTDIR: tr("it, or a part of its path, is not a folder")
        case EISDIR: tr("it is a folder")
        case EROFS: tr("the disk is read-only")
        case EIO: tr("the disk reported an error reading or writing it")
        case EMFILE, ENFILE: tr("too many files are open")
        case ENOMEM: tr("the computer is out of memory")
        case ENAMETOOLONG: tr("its name is too long")
        case EBUSY, ETXTBSY: tr("it is in use")
        case EWOULDBLOCK: tr("another process holds it")
        case ENOEXEC: tr("it is not a program this computer can run")
        case ECONNREFUSED: tr("nothing answers there")
        case EADDRINUSE: tr("it is in use by another process")
        case ETIMEDOUT: tr("it did not answer in time")
        case ENXIO, ENODEV: tr("the device is gone")
        case ESRCH: tr("the process has ended")
        case EFBIG: tr("the file is too large")
        default: String(cString: strerror(code)).lowercased()
        }
    }

    public var description: String {
        let action = ErrnoActions.words(for: action)
        if isPermissionDenied {
            let account = LoginAccount.current.name
            return path.map { tr("the account \(account) is not allowed to \(action) \($0)") }
                ?? tr("the account \(account) is not allowed to \(action) it")
        }
        if code == ELOOP, let path {
            return tr(
                "\(path) is a symbolic link. The station does not follow links among its own files: move the link away (and what belongs there back), then try again."
            )
        }
        guard let path else { return tr("cannot \(action): \(reason)") }
        return tr("cannot \(action) \(path): \(reason)")
    }
}

/// Runs a system call, again when a signal interrupted it (EINTR), and returns its result; a result of
/// -1 becomes the `Errno` it set. The one place a C return code and `errno` become a Swift error.
@discardableResult
public func valueOrErrno<Result: FixedWidthInteger>(
    _ action: String, path: String? = nil, _ call: () -> Result
) throws(Errno) -> Result {
    while true {
        let result = call()
        if result != -1 { return result }
        let error = Errno.last(action, path: path)
        if error.code == EINTR { continue }
        throw error
    }
}

/// Like `valueOrErrno` for calls that return the error code itself (`posix_spawn`, `pthread_*`):
/// zero is success.
func nothingOrCode(_ action: String, path: String? = nil, _ call: () -> CInt) throws(Errno) {
    let code = call()
    guard code == 0 else { throw Errno(code: code, action: action, path: path) }
}
