#if canImport(Glibc)
    import Glibc
#endif

/// The account this process runs as: over SSH, the account logged in with. It names the author of a
/// dictation, the signer of a report and the holder of a claim, so it comes from the system's account
/// database (`getpwuid_r` of the effective user id), never from `$USER` or `$LOGNAME`, which anyone can set.
public struct LoginAccount: Sendable, Equatable {
    /// The login name; "uid N" for an id the account database does not know.
    public var name: String
    public var uid: uid_t
    /// The home folder the account database gives, if any.
    public var home: String?

    /// The account of this process. The corresponding C functions are `geteuid` and `getpwuid_r`.
    public static var current: LoginAccount { of(uid: geteuid()) }

    /// The account with the user id `uid`.
    public static func of(uid: uid_t) -> LoginAccount {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var size = max(1024, Int(sysconf(CInt(_SC_GETPW_R_SIZE_MAX))))
        while true {
            var buffer = [CChar](repeating: 0, count: size)
            let code = getpwuid_r(uid, &entry, &buffer, buffer.count, &result)
            if code == ERANGE, size < 1 << 20 {
                size *= 4
                continue
            }
            guard code == 0, result != nil, let name = entry.pw_name, name.pointee != 0 else {
                return LoginAccount(name: "uid \(uid)", uid: uid, home: nil)
            }
            let home = entry.pw_dir.map { String(cString: $0) }
            return LoginAccount(name: String(cString: name), uid: uid, home: home?.isEmpty == false ? home : nil)
        }
    }
}

/// This machine's name, as claims show it ("anna on ws-12"). The corresponding C function is `gethostname`.
public enum HostName {
    public static var current: String {
        var name = [UInt8](repeating: 0, count: 256)
        guard gethostname(&name, name.count) == 0 else { return "this computer" }
        let text = String(decoding: name.prefix { $0 != 0 }, as: UTF8.self)
        return text.isEmpty ? "this computer" : text
    }
}

/// Other processes of the machine, by number.
public enum Processes {
    /// This process's id. The corresponding C function is `getpid`.
    public static var current: pid_t { getpid() }

    /// Whether a process with the id `pid` exists (also one of another account, which may not be
    /// signalled: EPERM). The corresponding C function is `kill` with signal 0.
    public static func exists(_ pid: pid_t) -> Bool {
        guard pid > 0 else { return false }
        do {
            try valueOrErrno("signal") { kill(pid, 0) }
            return true
        } catch {
            return error.code != ESRCH
        }
    }
}
