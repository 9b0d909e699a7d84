import StationCore

/// The question after a dictation in which no word was recognized. The core keeps the dictation paused;
/// the screen asks, one session at a time.
///
/// Keys: `s` (or `y`) sends it anyway as an empty report with its audio, which loses nothing; `d` goes on
/// to the discard question, where only `y` discards, so no single key loses the audio; `n`, `Esc`, `Enter`
/// and `q` keep it paused (Enter is what sent it a moment ago, so a second Enter must not store an empty
/// report unread). Enter on the session later asks again.
extension ScreenModel {
    /// The core found no speech in `session`'s dictation: ask now, or once the dialog on screen closes.
    func noSpeechFound(in session: DictationSession) {
        if !noSpeechQueue.contains(session.id) { noSpeechQueue.append(session.id) }
        askAboutNoSpeech()
    }

    /// Opens the question for the next session waiting for one, when no other dialog is open.
    func askAboutNoSpeech() {
        while dialog == nil, !noSpeechQueue.isEmpty {
            let id = noSpeechQueue.removeFirst()
            guard let session = station.sessions.first(where: { $0.id == id }) else { continue }
            ask(session)
        }
    }

    /// Asks about one session's dictation; it is selected, so the discard that may follow acts on it.
    func ask(_ session: DictationSession) {
        guard let found = session.noSpeech, session.state == .paused else { return }
        station.select(session.id)
        focus = .sessions
        keepSelectionsInView()
        dialog = .noSpeech(
            NoSpeechQuestion(session: session.id, name: session.name, question: found.question))
    }

    func handleNoSpeechKey(_ key: Key, _ question: NoSpeechQuestion) -> ScreenEffect {
        switch key {
        case .character("s"), .character("S"), .character("y"), .character("Y"):
            dialog = nil
            let outcome = station.sendWithoutSpeech(question.session)
            if !outcome.succeeded { notifier.warning(outcome.message) }
        case .character("d"), .character("D"):
            dialog = nil
            if station.selectedID != question.session { station.select(question.session) }
            requestDiscard()
        case .character("n"), .character("N"), .escape, .enter, .character("q"):
            dialog = nil
        default: break
        }
        return .none
    }
}

/// What the no-speech question shows and which session it is about.
public struct NoSpeechQuestion: Sendable, Equatable {
    public var session: SessionID
    public var name: String
    /// "No speech was recognized in 00:02 — send anyway, or discard?"
    public var question: String

    public init(session: SessionID, name: String, question: String) {
        self.session = session
        self.name = name
        self.question = question
    }
}
