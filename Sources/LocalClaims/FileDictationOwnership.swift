import Foundation
import StationCore
import StationSystem
import Synchronization

/// Claims as `FileLock`s (flock) on one file per claimed thing in the data directory's `claims/` folder.
/// The kernel drops a lock when its process ends, even by `kill -9`, so what a station that is gone held
/// is free to be taken over, and `flock` lets exactly one process take it. The holder writes who it is
/// into the file, so the others can say by whom a thing is held.
final class FileClaims: Sendable {
    private let directory: String
    private let me: DictationHolder
    /// The claim files this process holds locked, by name.
    private let held = Mutex<[String: FileLock]>([:])

    init(paths: StationPaths, holder: DictationHolder) {
        directory = paths.claimsDirectory.path
        me = holder
    }

    /// Claims `name` (letters, digits and dashes) for this process.
    func claim(_ name: String) -> DictationClaim {
        held.withLock { held in
            if held[name] != nil { return .claimed }
            // Without a claim file no process can hold the thing against this one; the station must
            // still work, so the claim is granted (the data directory would fail just the same).
            guard (try? PrivateDirectory.make(directory)) != nil,
                let lock = try? FileLock(path: directory + "/" + name + ".claim")
            else { return .claimed }
            guard (try? lock.tryLock()) == true else { return .heldElsewhere(Self.readHolder(lock.descriptor)) }
            Self.write(me, to: lock.descriptor)
            held[name] = lock
            return .claimed
        }
    }

    func release(_ name: String) {
        held.withLock { held in
            guard let lock = held.removeValue(forKey: name) else { return }
            // Emptied first, so no one reads a holder that is gone; the file stays for the next claim
            // (removing it would let two processes lock two different files of the same name).
            try? lock.descriptor.resize(to: 0)
            lock.unlock()
            lock.close()
        }
    }

    /// A name safe for a file: identifiers are UUIDs or numbers, anything else is reduced.
    static func safe(_ raw: String) -> String {
        raw.unicodeScalars.map { scalar -> String in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || scalar == "-" ? String(scalar) : "_"
        }.joined()
    }

    private static func write(_ holder: DictationHolder, to descriptor: FileDescriptor) {
        try? descriptor.resize(to: 0)
        try? descriptor.writeAll(Array("\(holder.user)\t\(holder.host)\t\(holder.processID)\n".utf8), at: 0)
    }

    private static func readHolder(_ descriptor: FileDescriptor) -> DictationHolder? {
        guard let bytes = try? descriptor.read(at: 0, upTo: 512), !bytes.isEmpty else { return nil }
        let fields = String(decoding: bytes, as: UTF8.self)
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

    /// This process: the login account (over SSH too, the account logged in with; from the account
    /// database, never `$USER`, as for authors and signers), the host name and the process id.
    public static func thisProcess() -> DictationHolder {
        DictationHolder(user: LoginAccount.current.name, host: HostName.current, processID: Processes.current)
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
