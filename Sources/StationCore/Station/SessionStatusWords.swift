import Localization

/// What a session is doing, in words a sentence can hold and a screen reader reads out: its time in full
/// units ("paused at 1 minute 12 seconds"), never a timer's "01:12". For notices and the line mode; the
/// status bar and the window title keep the timer (`StatusLine`).
@MainActor
public enum SessionStatusWords {
    /// "recording, 1 minute 12 seconds", "paused at 12 seconds", "idle", "being transcribed", "held at
    /// another station by anna on ws-12 (paused)".
    public static func state(of session: DictationSession) -> String {
        if let remote = session.heldElsewhere {
            let (holder, state) = (remote.holderName, remote.state.label)
            return tr("held at another station by \(holder) (\(state))")
        }
        let time = TimeWords.duration(session.measuredElapsed)
        switch session.state {
        case .notRecording: return tr("idle")
        case .recording: return tr("recording, \(time)")
        case .paused:
            return session.noSpeech == nil ? tr("paused at \(time)") : tr("paused at \(time), no speech recognized")
        case .processing: return tr("being transcribed")
        }
    }

    /// "Room 12: paused at 12 seconds."
    public static func sentence(of session: DictationSession) -> String {
        let (name, state) = (session.name, state(of: session))
        return tr("\(name): \(state).")
    }
}
