import Synchronization

/// Runs decoding work so that a cancelled caller is answered at once with `CancellationError`, while
/// the work itself (cancelled too) stops at its next step on the decoder's thread, which may be busy
/// with another dictation's step, and cleans up after itself.
enum CancellableWork {
    static func run<Value: Sendable>(
        _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let race = Race<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.start(continuation) {
                    Task {
                        do {
                            let value = try await work()
                            race.finish(.success(value))
                        } catch {
                            race.finish(.failure(error))
                        }
                    }
                }
            }
        } onCancel: {
            race.cancel()
        }
    }

    /// Whichever comes first, the work's result or the caller's cancel, answers the caller.
    private final class Race<Value: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Value, any Error>?
            var task: Task<Void, Never>?
            var cancelled = false
        }
        private let state = Mutex(State())

        func start(_ continuation: CheckedContinuation<Value, any Error>, _ makeTask: () -> Task<Void, Never>) {
            // The task is made under the lock, so that a cancel coming now finds it and cancels it.
            let cancelled = state.withLock { state in
                if state.cancelled { return true }
                state.continuation = continuation
                state.task = makeTask()
                return false
            }
            if cancelled { continuation.resume(throwing: CancellationError()) }
        }

        func finish(_ result: Result<Value, any Error>) {
            let waiting = state.withLock { state in
                defer { state.continuation = nil }
                return state.continuation
            }
            waiting?.resume(with: result)
        }

        func cancel() {
            let (waiting, running) = state.withLock { state in
                state.cancelled = true
                defer { state.continuation = nil }
                return (state.continuation, state.task)
            }
            running?.cancel()
            waiting?.resume(throwing: CancellationError())
        }
    }
}
