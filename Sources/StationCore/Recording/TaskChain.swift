/// Runs asynchronous operations strictly one after another, in the order they were enqueued, however
/// quickly they arrive: each waits for the previous one to finish.
@MainActor
final class TaskChain {
    private var tail: Task<Void, Never>?
    /// How many operations were ever enqueued, so a reader can tell whether a write came in meanwhile.
    private(set) var enqueuedCount = 0

    /// Enqueues `operation` behind everything enqueued before; the returned task yields its result.
    @discardableResult
    func enqueue<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) -> Task<T, any Error> {
        let previous = tail
        enqueuedCount += 1
        let task = Task<T, any Error> {
            await previous?.value
            return try await operation()
        }
        tail = Task { _ = try? await task.value }
        return task
    }

    /// Waits until everything enqueued so far has run.
    func drain() async {
        await tail?.value
    }
}
