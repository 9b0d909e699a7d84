import Foundation

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
    private final class Race<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Value, any Error>?
        private var task: Task<Void, Never>?
        private var cancelled = false

        func start(_ continuation: CheckedContinuation<Value, any Error>, _ makeTask: () -> Task<Void, Never>) {
            lock.lock()
            if cancelled {
                lock.unlock()
                continuation.resume(throwing: CancellationError())
                return
            }
            self.continuation = continuation
            task = makeTask()
            lock.unlock()
        }

        func finish(_ result: Result<Value, any Error>) {
            lock.lock()
            let waiting = continuation
            continuation = nil
            lock.unlock()
            waiting?.resume(with: result)
        }

        func cancel() {
            lock.lock()
            cancelled = true
            let waiting = continuation
            continuation = nil
            let running = task
            lock.unlock()
            running?.cancel()
            waiting?.resume(throwing: CancellationError())
        }
    }
}
