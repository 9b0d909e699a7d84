import Foundation
import StationCore

#if canImport(Glibc)
    import Glibc
#endif

/// Claims as `flock(2)` on one file per claimed thing in the data directory's `claims/` folder. The
/// kernel drops a lock when its process ends, even by `kill -9`, so what a station that is gone held is
/// free to be taken over, and `flock` lets exactly one process take it. The holder writes who it is
/// into the file, so the others can say by whom a thing is held.
final class FileClaims: @unchecked Sendable {
    private let directory: String
    private let me: DictationHolder
    private let mutex = NSLock()
    // Guarded by `mutex`: the open, locked claim files of this process, by name.
    private var held: [String: Int32] = [:]

    init(paths: StationPaths, holder: DictationHolder) {
        directory = paths.claimsDirectory.path
        me = holder
    }

    /// Claims `name` (letters, digits and dashes) for this process.
    func claim(_ name: String) -> DictationClaim {
        mutex.withLock {
            if held[name] != nil { return .claimed }
            mkdir(directory, 0o700)
            let path = directory + "/" + name + ".claim"
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            // Without a claim file no process can hold the thing against this one; the station must
            // still work, so the claim is granted (the data directory would fail just the same).
            guard descriptor >= 0 else { return .claimed }
            while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                if errno == EINTR { continue }
                let holder = Self.readHolder(descriptor)
                close(descriptor)
                return .heldElsewhere(holder)
            }
            Self.write(me, to: descriptor)
            held[name] = descriptor
            return .claimed
        }
    }

    func release(_ name: String) {
        mutex.withLock {
            guard let descriptor = held.removeValue(forKey: name) else { return }
            // Emptied first, so no one reads a holder that is gone; the file stays for the next claim
            // (removing it would let two processes lock two different files of the same name).
            ftruncate(descriptor, 0)
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }

    deinit {
        for descriptor in held.values { close(descriptor) }
    }

    /// A name safe for a file: identifiers are UUIDs or numbers, anything else is reduced.
    static func safe(_ raw: String) -> String {
        raw.unicodeScalars.map { scalar -> String in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || scalar == "-" ? String(scalar) : "_"
        }.joined()
    }

    private static func write(_ holder: DictationHolder, to descriptor: Int32) {
        let line = "\(holder.user)\t\(holder.host)\t\(holder.processID)\n"
        ftruncate(descriptor, 0)
        _ = line.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    private static func readHolder(_ descriptor: Int32) -> DictationHolder? {
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let fields = String(decoding: buffer[0..<count], as: UTF8.self)
            .trimmingCharacters(in: .newlines).split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 3, let pid = Int32(fields[2]) else { return nil }
        return DictationHolder(user: String(fields[0]), host: String(fields[1]), processID: pid)
    }
}

/// Dictation ownership over `FileClaims`: one claim file per session.
public final class FileDictationOwnership: DictationOwnership, Sendable {
    private let claims: FileClaims

    public init(paths: StationPaths, holder: DictationHolder = FileDictationOwnership.thisProcess()) {
        claims = FileClaims(paths: paths, holder: holder)
    }

    public func claim(_ session: SessionID) -> DictationClaim { claims.claim(FileClaims.safe(session.rawValue)) }

    public func release(_ session: SessionID) { claims.release(FileClaims.safe(session.rawValue)) }

    /// This process: the login user (over SSH too), the host name and the process id.
    public static func thisProcess(
        environment: [String: String] = ProcessInfo.processInfo.environment
    )
        -> DictationHolder
    {
        var user = environment["USER"] ?? environment["LOGNAME"] ?? ""
        if user.isEmpty, let entry = getpwuid(getuid()), let name = entry.pointee.pw_name {
            user = String(cString: name)
        }
        var name = [UInt8](repeating: 0, count: 256)
        let host =
            gethostname(&name, name.count) == 0
            ? String(decoding: name.prefix { $0 != 0 }, as: UTF8.self) : "this computer"
        return DictationHolder(user: user.isEmpty ? "uid \(getuid())" : user, host: host, processID: getpid())
    }
}

/// Who corrects a report: one person at a time across processes, over `FileClaims` (`report-ID`).
public final class FileReportEditLocks: ReportEditLocking, Sendable {
    private let claims: FileClaims

    public init(paths: StationPaths, holder: DictationHolder = FileDictationOwnership.thisProcess()) {
        claims = FileClaims(paths: paths, holder: holder)
    }

    public func claim(report id: Int64) -> DictationClaim { claims.claim("report-\(id)") }

    public func release(report id: Int64) { claims.release("report-\(id)") }
}
