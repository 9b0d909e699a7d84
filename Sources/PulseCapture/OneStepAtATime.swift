/// Runs an actor's control steps one at a time, in the order they were asked for.
///
/// A step waits for the server half-way (a pause drains, then corks); an actor would let the next
/// call in at that wait, and a stop must not start while a pause is draining.
final class OneStepAtATime {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// How many steps wait for the one running.
    var waitingCount: Int { waiting.count }

    /// Runs `step` once the steps asked for before it are done; on the caller's actor.
    nonisolated(nonsending) func run<T, E: Error>(_ step: () async throws(E) -> T) async throws(E) -> T {
        if busy {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            busy = true
        }
        defer {
            if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
        }
        return try await step()
    }
}
