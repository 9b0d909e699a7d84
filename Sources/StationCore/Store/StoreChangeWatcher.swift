/// Polls a report store for changes other station processes made, so a screen learns of their new
/// reports within one `interval`.
public enum StoreChangeWatcher {
    /// Yields once after each poll that found a change; polling stops when the stream's consumer goes
    /// away. A failed poll is treated as no change (the next one tries again).
    ///
    /// With `notices` (a store that tells of changes as they are committed), each notice yields at once,
    /// and the poll is only the safety net under a notice that was lost.
    public static func changes(
        of store: any ReportStoreObserving, notices: AsyncStream<Void>? = nil, clock: any StationClock,
        every interval: Duration = .milliseconds(500)
    ) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let forwarding = notices.map { notices in
            Task {
                for await _ in notices { continuation.yield() }
            }
        }
        let task = Task {
            while !Task.isCancelled {
                do {
                    try await clock.sleep(for: interval)
                } catch {
                    break
                }
                if (try? await store.hasChangedElsewhere()) == true { continuation.yield() }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in
            task.cancel()
            forwarding?.cancel()
        }
        return stream
    }
}
