import Localization
import StationCore

/// The speech model of each session's language, shown in the recording pane before anyone dictates.
extension SessionsListController {
    /// Re-reads the state of every locale's model from the catalog.
    func refreshModelStates() {
        guard let catalog = screen.services.locales else { return }
        screen.run { [weak self] in
            let options = await catalog.options()
            var states: [String: LocaleInstallState] = [:]
            for option in options where states[option.locale] == nil { states[option.locale] = option.state }
            self?.modelStates = states
        }
    }

    /// What the selected session's language lacks, in words, with the keys that help; nil when its model
    /// can be used (or nothing is known about the models).
    func modelNote(for session: DictationSession) -> String? {
        guard !modelStates.isEmpty, session.heldElsewhere == nil else { return nil }
        let locale = session.locale
        switch modelStates[locale] {
        case .installed, .system: return nil
        case .installing:
            return tr("\(locale): its speech model is being installed — a dictation sent now waits for it.")
        case .notInstalled:
            return tr("\(locale): no model installed — F5 to install, or L to change this session's language.")
        case nil:
            return tr("\(locale): no speech model offered for this language — L changes this session's language.")
        }
    }
}
