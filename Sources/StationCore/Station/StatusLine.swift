/// One line saying what a session is doing, for a terminal title or a tmux status bar.
public enum StatusLine {
    @MainActor
    public static func text(for session: DictationSession) -> String {
        text(state: session.state, elapsed: session.measuredElapsed, name: session.name)
    }

    /// For example "● REC 02:15 Room 12" or "❚❚ PAUSED 02:15 Room 12".
    public static func text(state: RecordingState, elapsed: Duration, name: String) -> String {
        let time = ElapsedTimeFormat.string(for: elapsed)
        switch state {
        case .recording: return "● REC \(time) \(name)"
        case .paused: return "❚❚ PAUSED \(time) \(name)"
        case .processing: return "… SENDING \(name)"
        case .notRecording: return "IDLE \(name)"
        }
    }
}
