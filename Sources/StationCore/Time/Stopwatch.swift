/// Measures recorded time from an anchor plus the stretches already folded in, so that scheduling
/// latency never accumulates as drift.
public struct Stopwatch: Sendable, Equatable {
    /// The total of the finished stretches.
    public private(set) var accumulated: Duration
    /// When the current stretch began, or nil while stopped.
    public private(set) var anchor: Duration?

    public init(accumulated: Duration = .zero) {
        self.accumulated = accumulated
        self.anchor = nil
    }

    public var isRunning: Bool { anchor != nil }

    /// The elapsed time at the monotonic instant `now`.
    public func elapsed(at now: Duration) -> Duration {
        guard let anchor else { return accumulated }
        return accumulated + max(.zero, now - anchor)
    }

    /// Starts a new stretch at `now`; does nothing when already running.
    public mutating func start(at now: Duration) {
        if anchor == nil { anchor = now }
    }

    /// Folds the current stretch into the accumulated time.
    public mutating func stop(at now: Duration) {
        accumulated = elapsed(at: now)
        anchor = nil
    }

    /// Forgets everything.
    public mutating func reset() {
        self = Stopwatch()
    }
}
