import Localization

/// One line saying what a session is doing, for a terminal title or a tmux status bar.
public enum StatusLine {
    /// The station's line: the session that captures whenever one does (the microphone is live), else
    /// the selected one, else "IDLE". `status`, `ctl status` and the window title all say this.
    @MainActor
    public static func text(for station: Station) -> String {
        guard let session = station.capturing ?? station.selected else { return tr("IDLE") }
        return text(for: session)
    }

    @MainActor
    public static func text(for session: DictationSession) -> String {
        text(state: session.state, elapsed: session.measuredElapsed, name: session.name)
    }

    /// For example "● REC 02:15 Room 12" or "❚❚ PAUSED 02:15 Room 12".
    public static func text(state: RecordingState, elapsed: Duration, name: String) -> String {
        let time = ElapsedTimeFormat.string(for: elapsed)
        switch state {
        case .recording: return tr("● REC \(time) \(name)")
        case .paused: return tr("❚❚ PAUSED \(time) \(name)")
        case .processing: return tr("… SENDING \(name)")
        case .notRecording: return tr("IDLE \(name)")
        }
    }
}
