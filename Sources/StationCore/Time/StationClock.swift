import Foundation

/// The station's source of time, injected so that logic never reads the wall clock or sleeps on it.
///
/// `now` is monotonic (for timers); `wallTime` is the calendar time stamped on reports.
public protocol StationClock: Sendable {
    /// Monotonic time since an arbitrary origin fixed for the clock's lifetime.
    var now: Duration { get }
    /// The calendar time, for timestamps a person reads.
    var wallTime: Date { get }
    /// Suspends the caller for `duration` of this clock's time; throws when the task is cancelled.
    func sleep(for duration: Duration) async throws
}

/// The real clock: `ContinuousClock` for monotonic time, the system calendar for wall time.
public struct SystemClock: StationClock {
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant

    public init() { origin = clock.now }

    public var now: Duration { origin.duration(to: clock.now) }
    public var wallTime: Date { Date(timeIntervalSinceNow: 0) }

    public func sleep(for duration: Duration) async throws {
        try await clock.sleep(for: duration)
    }
}
