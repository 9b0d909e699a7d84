import Foundation

/// A dictation discarded with its audio kept for a while, so that a discard by mistake (a foot pedal)
/// can be undone: what it takes to bring it back.
public struct DiscardedDictation: Sendable, Equatable {
    public let sessionID: SessionID
    /// The session's name when it was discarded, for the notice.
    public let sessionName: String
    public let audioFile: URL
    /// How much audio it held.
    public let recorded: Duration
}
