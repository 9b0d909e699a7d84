import Localization

/// Who holds a dictation: the station process that may record, pause, send or discard it.
public struct DictationHolder: Sendable, Equatable, CustomStringConvertible {
    public var user: String
    public var host: String
    public var processID: Int32

    public init(user: String, host: String, processID: Int32) {
        self.user = user
        self.host = host
        self.processID = processID
    }

    /// For example "anna on ws-12".
    public var description: String { tr("\(user) on \(host)") }
}

/// What a claim on a session's dictation came to.
public enum DictationClaim: Sendable, Equatable {
    /// This process holds the dictation now (or held it already).
    case claimed
    /// Another living station process holds it; who, when it could be read.
    case heldElsewhere(DictationHolder?)
}

/// The right to act on one session's dictation, held by exactly one station process at a time across
/// every process on a data directory.
///
/// A process claims a session's dictation before it starts recording into it and keeps the claim until
/// the dictation is sent or discarded. The right dies with its process (even by `kill -9`), so the
/// dictation of a station that is gone can be taken over, and by one other process only.
public protocol DictationOwnership: Sendable {
    /// Claims the dictation of `session` for this process.
    func claim(_ session: SessionID) -> DictationClaim
    /// Gives the claim back; does nothing when this process does not hold it.
    func release(_ session: SessionID)
}

/// Ownership within one process only: every claim succeeds. For a station alone on its data directory
/// and for tests of the core that do not exercise several processes.
public struct ProcessLocalOwnership: DictationOwnership {
    public init() {}
    public func claim(_ session: SessionID) -> DictationClaim { .claimed }
    public func release(_ session: SessionID) {}
}

/// The right to correct one report: one person at a time across every station process, so two people
/// never overwrite each other's corrections. Others are told who corrects it.
public protocol ReportEditLocking: Sendable {
    /// Claims the report for this process's editor (already held → claimed).
    func claim(report id: Int64) -> DictationClaim
    /// Gives the claim back; does nothing when this process does not hold it.
    func release(report id: Int64)
}

/// Edit locks within one process only: every claim succeeds.
public struct ProcessLocalEditLocks: ReportEditLocking {
    public init() {}
    public func claim(report id: Int64) -> DictationClaim { .claimed }
    public func release(report id: Int64) {}
}
