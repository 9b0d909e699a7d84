import Localization
import StationCore

/// The question after a dictation in which no word was recognized. The core keeps the dictation paused;
/// the screen asks, one session at a time.
///
/// Keys: `s` (or `y`) sends it anyway as an empty report with its audio, which loses nothing; `d` goes on
/// to the discard question, where only `y` discards, so no single key loses the audio; `n`, `Esc`, `Enter`
/// and `q` keep it paused (Enter is what sent it a moment ago, so a second Enter must not store an empty
/// report unread). Enter on the session later asks again.
@MainActor
final class NoSpeechDialogController: DialogController {
    unowned let screen: ScreenModel
    let question: NoSpeechQuestion

    init(_ question: NoSpeechQuestion, screen: ScreenModel) {
        self.question = question
        self.screen = screen
    }

    var dialog: Dialog { .noSpeech(question) }

    func handle(_ key: Key) -> KeyOutcome {
        let station = screen.station
        switch key {
        case .character("s"), .character("S"), .character("y"), .character("Y"):
            let outcome = station.sendWithoutSpeech(question.session)
            if !outcome.succeeded { screen.notifier.warning(outcome.message) }
            return .close
        case .character("d"), .character("D"):
            if station.selectedID != question.session { station.select(question.session) }
            return screen.sessionsList.discardQuestion().map { .replace(with: $0) } ?? .close
        case .character("n"), .character("N"), .escape, .enter, .character("q"):
            return .close
        default:
            return RecordingKeys.spaceRefusal(of: key, then: tr("Answer this question first: s, d or n.")) ?? .handled
        }
    }

    var keyHelp: KeyHelpPage {
        KeyHelpPage(
            tr("Dialog"),
            [
                KeyBinding("s y", tr("Send anyway"), tr("Store it as an empty report, with its audio")),
                KeyBinding("d", tr("Discard…"), tr("Ask whether to discard it (only y there discards)")),
                KeyBinding("n Esc Enter", tr("Keep"), tr("Keep it paused and decide later")),
            ])
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

/// When the question is asked: at once, or once the dialog on screen closes.
extension SessionsListController {
    /// The core found no speech in `session`'s dictation: ask now, or once the dialog on screen closes.
    func noSpeechFound(in session: DictationSession) {
        if !noSpeechQueue.contains(session.id) { noSpeechQueue.append(session.id) }
        askAboutNoSpeech()
    }

    /// Opens the question for the next session waiting for one, when no other dialog is open.
    func askAboutNoSpeech() {
        while screen.dialog == nil, !noSpeechQueue.isEmpty {
            let id = noSpeechQueue.removeFirst()
            guard let session = screen.station.sessions.first(where: { $0.id == id }) else { continue }
            ask(session)
        }
    }

    /// Asks about one session's dictation; it is selected, so the discard that may follow acts on it.
    func ask(_ session: DictationSession) {
        guard let found = session.noSpeech, session.state == .paused else { return }
        screen.station.select(session.id)
        // The sessions list takes the keys after it; a search being typed ends there, and stays.
        screen.focus = .sessions
        screen.reportList.searchField = nil
        keepInView()
        screen.open(
            NoSpeechDialogController(
                NoSpeechQuestion(session: session.id, name: session.name, question: found.question), screen: screen))
    }
}
