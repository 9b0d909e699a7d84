import Foundation
import Localization
import StationCore
import StationSystem

/// At most one training runs and at most one waits, per data directory; any other request joins the
/// one that waits. Three files under `<data>/profiles/`, each behind `flock`, so every process of the
/// machine sees them and the kernel drops a lock when its holder ends, even by `kill -9`:
///
/// - `.training.lock`: held by the training that runs;
/// - `.training-waiting.lock`: held by the one training that waits for it;
/// - `.training-requests`: who asked (author and locale, a line each), read and emptied by the waiting
///   training once its turn comes.
///
/// A request writes itself into the list first, then tries to wait; when another already waits, the
/// request has joined it and ends. The waiting training empties the list only after it took the
/// running lock and let the waiting one go, so every request that found it waiting is in the list it
/// reads, and the dictations it then reads include that request's correction.
///
/// Not `Sendable`: one training takes, holds and lets go of its places; no other thread touches them.
public final class TrainingQueue {
    /// One author's profile in one locale, asked for.
    public struct Request: Hashable, Comparable, Sendable {
        public var author: String
        public var locale: String

        public init(author: String, locale: String) {
            self.author = author
            self.locale = locale
        }

        public static func < (left: Self, right: Self) -> Bool {
            (left.author, left.locale) < (right.author, right.locale)
        }
    }

    /// Where a request stands after `enter`.
    public enum Place: Equatable, Sendable {
        /// Another training waits and will take this request too: nothing more to do here.
        case joined
        /// This one's turn: it runs now, for these requests (its own among them).
        case running([Request])
    }

    private let folder: URL
    /// The locks this training holds: the waiting one while it waits, then the running one.
    private var held: [FileLock] = []

    public init(profiles: SpeakerProfiles) { folder = profiles.directory }

    var runningPath: String { folder.appendingPathComponent(".training.lock").path }
    var waitingPath: String { folder.appendingPathComponent(".training-waiting.lock").path }
    var requestsPath: String { folder.appendingPathComponent(".training-requests").path }

    /// Notes `request` and waits for its turn, unless another training waits already and `mayJoin`:
    /// then the request is that one's (`joined`). `waiting` is called before waiting for the training
    /// that runs (a person at the command line is told). A `profiles update` typed by hand does not
    /// join (it says what came of its own training): it waits to be the one that waits. `inherited` is
    /// the waiting place a parent took for this process (`takeWaitingPlace`).
    public func enter(
        _ request: Request, mayJoin: Bool = true, inherited: FileLock? = nil, waiting: () -> Void = {}
    ) throws -> Place {
        do throws(Errno) {
            try PrivateDirectory.make(folder.path, creatingParents: true)
            try note(request)
            let waitingLock: FileLock
            if let inherited {
                waitingLock = inherited
            } else {
                waitingLock = try FileLock(path: waitingPath)
                if try !waitingLock.tryLock() {
                    if mayJoin { return .joined }
                    waiting()
                    try waitingLock.lock()
                }
            }
            hold(waitingLock)
            let runningLock = try FileLock(path: runningPath)
            if try !runningLock.tryLock() {
                waiting()
                try runningLock.lock()
            }
            hold(runningLock)
            // Only now: a request that found this one waiting is in the list read below.
            letGo(waitingLock)
            return .running(Array(Set(try takeRequests() + [request])).sorted())
        } catch {
            leave()
            throw TrainingLockFailure(error: error)
        }
    }

    /// Lets the next training run.
    public func leave() {
        held.forEach { $0.close() }
        held = []
    }

    private func hold(_ lock: FileLock) { held.append(lock) }

    private func letGo(_ lock: FileLock) {
        lock.close()
        held.removeAll { $0 === lock }
    }

    deinit { leave() }

    /// What a request after a correction does before starting a training child.
    public enum Handover {
        /// A training waits already and takes this request: no child is needed.
        case joined
        /// The waiting place is this lock, taken for the child: pass it (`Spawn.passedDescriptors`,
        /// `waitingPlaceVariable`), then close it here. So no other child is started meanwhile, and a
        /// burst of corrections makes no processes beyond the one training that runs and the one that
        /// waits.
        case waitingPlace(FileLock)
        /// No data directory, or its profiles folder cannot be made: the child finds its place itself.
        case none
    }

    /// The environment variable that tells a child which descriptor holds its waiting place.
    public static let waitingPlaceVariable = "DICTATION_STATION_TRAINING_WAITING_FD"

    /// Notes `request` and takes the waiting place for a child, unless a training waits already.
    public static func takeWaitingPlace(_ request: Request, profiles: SpeakerProfiles) -> Handover {
        let queue = TrainingQueue(profiles: profiles)
        // The profiles folder is made here when its data directory exists (a first correction must
        // not leave the waiting place to the children of a burst); with no data directory, the child
        // finds out and says so.
        let dataDirectory = queue.folder.deletingLastPathComponent().path
        guard (try? FileStatus.ofEntry(at: dataDirectory))?.kind == .directory,
            (try? PrivateDirectory.make(queue.folder.path)) != nil,
            (try? queue.note(request)) != nil, let lock = try? FileLock(path: queue.waitingPath)
        else { return .none }
        guard (try? lock.tryLock()) == true else {
            lock.close()
            return .joined
        }
        return .waitingPlace(lock)
    }

    /// The waiting place a parent handed to this process, if `environment` names one and it is the
    /// data directory's very lock file.
    public static func inheritedWaitingPlace(
        environment: [String: String], profiles: SpeakerProfiles
    ) -> FileLock? {
        guard let raw = environment[waitingPlaceVariable], let number = Int32(raw), number > 2 else { return nil }
        return FileLock(
            inheriting: FileDescriptor(rawValue: number), path: TrainingQueue(profiles: profiles).waitingPath)
    }

    /// Adds `request` to the list, once.
    private func note(_ request: Request) throws(Errno) {
        try withRequests { requests in requests.insert(request) }
    }

    /// Empties the list, returning what it held.
    private func takeRequests() throws(Errno) -> [Request] {
        var taken: Set<Request> = []
        try withRequests { requests in
            taken = requests
            requests = []
        }
        return Array(taken)
    }

    /// Reads, changes and writes the list under its own lock (held for as long as that takes).
    private func withRequests(_ change: (inout Set<Request>) -> Void) throws(Errno) {
        let file = try FileLock(path: requestsPath)
        defer { file.close() }
        try file.lock()
        let text = String(decoding: try file.descriptor.read(at: 0, upTo: 1 << 20), as: UTF8.self)
        var requests = Set(
            text.split(separator: "\n").compactMap { line -> Request? in
                let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard parts.count == 2 else { return nil }
                return Request(author: String(parts[0]), locale: String(parts[1]))
            })
        let before = requests
        change(&requests)
        guard requests != before else { return }
        let lines = requests.sorted().map { "\($0.author)\t\($0.locale)\n" }.joined()
        try file.descriptor.resize(to: 0)
        try file.descriptor.writeAll(Array(lines.utf8), at: 0)
    }
}

struct TrainingLockFailure: Error, CustomStringConvertible {
    var error: Errno
    var description: String { tr("the training lock could not be taken: \(error)") }
}
