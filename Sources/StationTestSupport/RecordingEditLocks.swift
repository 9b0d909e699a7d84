import StationCore

/// Edit locks as two stations see them: reports another station corrects (which a test may change at
/// any time), and every claim and release this one makes, in order.
public final class RecordingEditLocks: ReportEditLocking {
    private let holders: Locked<[Int64: DictationHolder]>
    public let calls = Locked<[String]>([])

    public init(heldElsewhere: [Int64: DictationHolder] = [:]) { holders = Locked(heldElsewhere) }

    /// Another station starts (a holder) or stops (nil) correcting `id`.
    public func holdElsewhere(_ id: Int64, by holder: DictationHolder?) { holders.withLock { $0[id] = holder } }

    public func claim(report id: Int64) -> DictationClaim {
        if let holder = holders.current[id] { return .heldElsewhere(holder) }
        calls.withLock { $0.append("claim \(id)") }
        return .claimed
    }

    public func release(report id: Int64) { calls.withLock { $0.append("release \(id)") } }
}

/// Training requests as the desk makes them: "author locale", in order.
@MainActor
public final class RecordingTrainingRequests: ProfileTrainingRequests {
    public private(set) var requests: [String] = []

    public init() {}

    public func requestTraining(author: String, locale: String) { requests.append("\(author) \(locale)") }
}
