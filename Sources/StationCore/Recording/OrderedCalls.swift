/// Runs asynchronous calls strictly one after another, in the order they were handed in, however
/// quickly they arrive: each waits for the previous one to finish.
///
/// Calls go into one stream that a single task works through, so the order of `enqueue` on the main
/// actor is the order of the calls (the capture's start, pause and stop; the store's writes). That task
/// takes each call on the main actor, so a call begins only after the main actor's current work (the
/// transition that enqueued it) is done; the call itself runs off the main actor.
@MainActor
final class OrderedCalls {
    private typealias Call = @Sendable () async -> Void

    private let calls: AsyncStream<Call>.Continuation
    /// How many calls were ever enqueued, so a reader can tell whether a write came in meanwhile.
    private(set) var enqueuedCount = 0

    init() {
        let (stream, calls) = AsyncStream<Call>.makeStream()
        self.calls = calls
        Task {
            for await call in stream { await call() }
        }
    }

    deinit {
        // The calls already enqueued still run; then the worker ends.
        calls.finish()
    }

    /// Enqueues `operation` behind everything enqueued before; the returned task yields its result.
    @discardableResult
    func enqueue<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) -> Task<T, any Error> {
        enqueuedCount += 1
        let (result, delivery) = AsyncThrowingStream<T, any Error>.makeStream()
        calls.yield {
            do {
                delivery.yield(try await operation())
                delivery.finish()
            } catch {
                delivery.finish(throwing: error)
            }
        }
        return Task {
            for try await value in result { return value }
            throw CancellationError()
        }
    }

    /// Waits until everything enqueued so far has run.
    func drain() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            calls.yield { done.resume() }
        }
    }
}
