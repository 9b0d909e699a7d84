import Foundation
import StationCore

#if canImport(Glibc)
    import Glibc
#endif

/// Dictation ownership as `flock(2)` on one file per session in the data directory's `claims/` folder.
/// The kernel drops a lock when its process ends, even by `kill -9`, so the dictation of a station
/// that is gone is free to be taken over, and `flock` lets exactly one process take it. The holder
/// writes who it is into the file, so the others can say by whom a dictation is held.
public final class FileDictationOwnership: DictationOwnership, @unchecked Sendable {
    private let directory: String
    private let me: DictationHolder
    private let mutex = NSLock()
    // Guarded by `mutex`: the open, locked claim files of this process.
    private var held: [SessionID: Int32] = [:]

    public init(paths: StationPaths, holder: DictationHolder = FileDictationOwnership.thisProcess()) {
        directory = paths.dataDirectory.appendingPathComponent("claims", isDirectory: true).path
        me = holder
    }

    public func claim(_ session: SessionID) -> DictationClaim {
        mutex.withLock {
            if held[session] != nil { return .claimed }
            mkdir(directory, 0o700)
            let path = file(for: session)
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            // Without a claim file no process can hold the dictation against this one; recording must
            // still work, so the claim is granted (the audio folder would fail just the same).
            guard descriptor >= 0 else { return .claimed }
            while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                if errno == EINTR { continue }
                let holder = Self.readHolder(descriptor)
                close(descriptor)
                return .heldElsewhere(holder)
            }
            Self.write(me, to: descriptor)
            held[session] = descriptor
            return .claimed
        }
    }

    public func release(_ session: SessionID) {
        mutex.withLock {
            guard let descriptor = held.removeValue(forKey: session) else { return }
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

    /// The claim file of a session; identifiers are UUIDs, anything else is reduced to safe characters.
    private func file(for session: SessionID) -> String {
        let safe = session.rawValue.unicodeScalars.map { scalar -> String in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || scalar == "-" ? String(scalar) : "_"
        }.joined()
        return directory + "/" + safe + ".claim"
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
