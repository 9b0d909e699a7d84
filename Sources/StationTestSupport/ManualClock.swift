import Foundation
import StationCore
import Synchronization

/// A clock that moves only when a test says so: sleepers wake when `advance` passes their deadline.
public final class ManualClock: StationClock, Sendable {
    private struct Sleeper {
        var deadline: Duration
        var continuation: CheckedContinuation<Void, any Error>?
    }

    private struct State {
        var current: Duration = .zero
        var sleepers: [Int: Sleeper] = [:]
        var cancelledBeforeSuspending: Set<Int> = []
        var nextID = 0
    }

    private let state = Mutex(State())
    private let wallOrigin: Date

    public init(wallOrigin: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        self.wallOrigin = wallOrigin
    }

    public var now: Duration { state.withLock { $0.current } }

    public var wallTime: Date {
        let elapsed = now.components
        return wallOrigin.addingTimeInterval(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
    }

    /// How many tasks are asleep on this clock now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.values.filter { $0.continuation != nil }.count } }

    public func sleep(for duration: Duration) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if state.cancelledBeforeSuspending.remove(id) != nil { return .failure(CancellationError()) }
                    if duration <= .zero { return .success(()) }
                    state.sleepers[id] = Sleeper(deadline: state.current + duration, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let continuation: CheckedContinuation<Void, any Error>? = state.withLock { state in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else {
                    state.cancelledBeforeSuspending.insert(id)
                    return nil
                }
                return sleeper.continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes, earliest first, every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        let due: [CheckedContinuation<Void, any Error>] = state.withLock { state in
            state.current += duration
            let ready = state.sleepers.filter { $0.value.deadline <= state.current }.sorted {
                $0.value.deadline < $1.value.deadline
            }
            for (id, _) in ready { state.sleepers[id] = nil }
            return ready.compactMap(\.value.continuation)
        }
        for continuation in due { continuation.resume() }
    }
}
