import Localization
import StationCore

/// What the recording pane says about the selected session before anything else: a dictation in which
/// no speech was recognized, a microphone that hears almost nothing, a language without a model.
@MainActor
enum SessionNotes {
    static func notes(for session: DictationSession, model: ScreenModel) -> [(text: String, role: StyleRole)] {
        var notes: [(text: String, role: StyleRole)] = []
        if let found = session.noSpeech, session.state == .paused {
            notes.append(
                (
                    tr(
                        "No speech was recognized in \(TimeWords.duration(found.recorded)): Enter asks whether to send it anyway, d discards, Space records more."
                    ), .warning
                ))
        }
        if session.isInputVeryQuiet, session.state == .recording {
            notes.append((tr("Level very low — is the right microphone selected? (F6)"), .warning))
        }
        if let missing = model.sessionsList.modelNote(for: session) { notes.append((missing, .warning)) }
        return notes
    }
}
