/// Lets other tasks run until `condition` holds; returns whether it held. It first only yields, then
/// also waits a millisecond at a time (up to `limit`), so work on other threads of a busy machine gets
/// its turn. This synchronizes with background work; it measures no time.
@MainActor
public func eventually(limit: Duration = .seconds(10), _ condition: @MainActor () -> Bool) async -> Bool {
    for _ in 0..<200 {
        if condition() { return true }
        await Task.yield()
    }
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while clock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return condition()
}
