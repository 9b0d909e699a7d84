import Foundation
import StationCore

/// A voice profile training that records whom it was asked for, answers with the outcomes a test
/// queued (`.notDue` when none), and can be held open so a test acts while a training runs.
public final class FakeVoiceProfileTraining: VoiceProfileTraining, Sendable {
    private struct State {
        var calls: [String] = []
        var outcomes: [VoiceProfileTrainingOutcome] = []
        var holding = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    public init() {}

    /// "author locale" of each request, in order.
    public var calls: [String] { state.current.calls }

    /// Requests that wait to be released now.
    public var heldCount: Int { state.current.waiting.count }

    public func answer(_ outcomes: VoiceProfileTrainingOutcome...) { state.withLock { $0.outcomes += outcomes } }

    /// Makes the following requests wait until `release()`.
    public func hold() { state.withLock { $0.holding = true } }

    public func release() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.holding = false
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    public func trainIfDue(author: String, locale: String) async -> VoiceProfileTrainingOutcome {
        state.withLock { $0.calls.append("\(author) \(locale)") }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let hold = state.withLock { state -> Bool in
                if state.holding { state.waiting.append(continuation) }
                return state.holding
            }
            if !hold { continuation.resume() }
        }
        return state.withLock { $0.outcomes.isEmpty ? .notDue : $0.outcomes.removeFirst() }
    }
}
