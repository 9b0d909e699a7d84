import StationCore

/// Dictation ownership shared by the stations of one test as if each were its own process: a claim
/// fails while another holder has the session, and a test can stand in for a process that holds one
/// or dies.
public final class FakeOwnership: Sendable {
    private let holders = Locked<[SessionID: DictationHolder]>([:])

    public init() {}

    /// The ownership one station process sees, holding in the name of `holder`.
    public func process(_ holder: DictationHolder) -> any DictationOwnership { Process(shared: self, me: holder) }

    /// Another process takes `session`'s dictation.
    public func holdElsewhere(_ session: SessionID, by holder: DictationHolder) {
        holders.withLock { $0[session] = holder }
    }

    /// The process holding `session` ends: its claim is gone.
    public func holderDied(_ session: SessionID) { holders.withLock { $0[session] = nil } }

    /// Who holds `session` now.
    public func holder(of session: SessionID) -> DictationHolder? { holders.current[session] }

    private struct Process: DictationOwnership {
        let shared: FakeOwnership
        let me: DictationHolder

        func claim(_ session: SessionID) -> DictationClaim {
            shared.holders.withLock { holders in
                if let holder = holders[session], holder != me { return .heldElsewhere(holder) }
                holders[session] = me
                return .claimed
            }
        }

        func release(_ session: SessionID) {
            shared.holders.withLock { holders in
                if holders[session] == me { holders[session] = nil }
            }
        }
    }
}
