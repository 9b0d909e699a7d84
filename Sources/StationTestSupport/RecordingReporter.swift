import StationCore

/// Keeps every snapshot reported, in order.
public final class RecordingReporter: Reporting, Sendable {
    private let received = Locked<[SessionSnapshot]>([])

    public init() {}

    public var snapshots: [SessionSnapshot] { received.current }
    public var states: [RecordingState] { snapshots.map(\.state) }

    public func report(_ snapshot: SessionSnapshot) async {
        received.withLock { $0.append(snapshot) }
    }
}

/// Keeps every log line, so a test can check what was logged (and what was not).
public final class InMemoryLog: StationLog, Sendable {
    private let lines = Locked<[String]>([])

    public init() {}

    public var entries: [String] { lines.current }

    public func log(_ level: LogLevel, _ message: String) {
        lines.withLock { $0.append("\(level.rawValue): \(message)") }
    }
}
