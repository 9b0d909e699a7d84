import Localization

/// What this process can see of a dictation another station process holds: it is shown, never acted on.
public struct RemoteDictation: Sendable, Equatable {
    /// Who holds it, when the holder could be read.
    public var holder: DictationHolder?
    /// The state the holder last saved.
    public var state: RecordingState
    /// The recorded time the holder last saved.
    public var elapsed: Duration

    public init(holder: DictationHolder?, state: RecordingState, elapsed: Duration) {
        self.holder = holder
        self.state = state
        self.elapsed = elapsed
    }

    /// "anna on ws-12", or a neutral phrase when the holder is unknown.
    public var holderName: String { holder?.description ?? tr("another station process") }

    /// Why an action on it is refused here.
    public func refusal(sessionName: String) -> String {
        tr("\"\(sessionName)\" is being dictated by \(holderName): record, send or discard it there.")
    }
}
