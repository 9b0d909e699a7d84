import Foundation

/// How long a test waits for a state before it fails. A wait looks at the state again and again and
/// returns as soon as it holds, so its deadline costs a passing test nothing; it is generous because a
/// machine whose two cores are busy with other work takes many times longer than an idle one.
public enum Patience {
    /// The deadline of a wait unless the test says otherwise, in seconds.
    public static let seconds: Double = 30

    /// How often a wait looks at the state again: often enough to follow a screen, rarely enough to
    /// leave the cores to the program under test.
    static let pollMilliseconds = 20
}

/// A state a test waited for did not come in time.
public struct WaitTimeout: Error, CustomStringConvertible {
    public var description: String

    public init(_ what: String, seconds: Double, detail: String = "") {
        description =
            "timed out after \(Int(seconds.rounded())) s waiting for \(what)" + (detail.isEmpty ? "" : "\n\(detail)")
    }
}

/// Waits until `condition` holds, looking again every few milliseconds, and blocks the calling thread
/// meanwhile (for synchronous tests and helpers: the program under test runs in another process);
/// throws a `WaitTimeout` naming `what` (and what `detail` says then, for example the last screen)
/// once `seconds` have passed.
public func blockUntil(
    _ what: String, seconds: Double = Patience.seconds, detail: () -> String = { "" }, _ condition: () throws -> Bool
) throws {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(seconds)
    while clock.now < deadline {
        if try condition() { return }
        usleep(useconds_t(Patience.pollMilliseconds * 1_000))
    }
    if try condition() { return }
    throw WaitTimeout(what, seconds: seconds, detail: detail())
}

/// Waits until `condition` holds without blocking a thread between looks (the code under test may need
/// it), looking at the state on the caller's actor; throws a `WaitTimeout` naming `what` once `seconds`
/// have passed.
public func waitUntil(
    isolation: isolated (any Actor)? = #isolation, _ what: String, seconds: Double = Patience.seconds,
    detail: () -> String = { "" }, _ condition: () throws -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(seconds)
    while clock.now < deadline {
        if try condition() { return }
        try await Task.sleep(for: .milliseconds(Patience.pollMilliseconds))
    }
    if try condition() { return }
    throw WaitTimeout(what, seconds: seconds, detail: detail())
}
