import Foundation
import StationCore

/// A clock that moves only when a test says so: sleepers wake when `advance` passes their deadline.
public final class ManualClock: StationClock, @unchecked Sendable {
    private struct Sleeper {
        var deadline: Duration
        var continuation: CheckedContinuation<Void, any Error>?
    }

    private let lock = NSLock()
    private var current: Duration = .zero
    private var sleepers: [Int: Sleeper] = [:]
    private var cancelledBeforeSuspending: Set<Int> = []
    private var nextID = 0
    private let wallOrigin: Date

    public init(wallOrigin: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        self.wallOrigin = wallOrigin
    }

    public var now: Duration { lock.withLock { current } }

    public var wallTime: Date {
        let elapsed = now.components
        return wallOrigin.addingTimeInterval(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
    }

    /// How many tasks are asleep on this clock now.
    public var sleeperCount: Int { lock.withLock { sleepers.values.filter { $0.continuation != nil }.count } }

    public func sleep(for duration: Duration) async throws {
        let id = lock.withLock {
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = lock.withLock {
                    if cancelledBeforeSuspending.remove(id) != nil { return .failure(CancellationError()) }
                    if duration <= .zero { return .success(()) }
                    sleepers[id] = Sleeper(deadline: current + duration, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let continuation: CheckedContinuation<Void, any Error>? = lock.withLock {
                guard let sleeper = sleepers.removeValue(forKey: id) else {
                    cancelledBeforeSuspending.insert(id)
                    return nil
                }
                return sleeper.continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes, earliest first, every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        let due: [CheckedContinuation<Void, any Error>] = lock.withLock {
            current += duration
            let ready = sleepers.filter { $0.value.deadline <= current }.sorted {
                $0.value.deadline < $1.value.deadline
            }
            for (id, _) in ready { sleepers[id] = nil }
            return ready.compactMap(\.value.continuation)
        }
        for continuation in due { continuation.resume() }
    }
}
