/// What a transition looks like from outside the screen: the terminal title, a tmux status line.
public struct SessionSnapshot: Sendable, Equatable {
    public var sessionID: SessionID
    public var name: String
    public var state: RecordingState
    /// The recorded time at the transition.
    public var elapsed: Duration

    public init(sessionID: SessionID, name: String, state: RecordingState, elapsed: Duration) {
        self.sessionID = sessionID
        self.name = name
        self.state = state
        self.elapsed = elapsed
    }
}

/// Receives every transition of every session, in transition order.
public protocol Reporting: Sendable {
    func report(_ snapshot: SessionSnapshot) async
}

/// Reports nowhere.
public struct SilentReporting: Reporting {
    public init() {}
    public func report(_ snapshot: SessionSnapshot) async {}
}
