import StationCore

/// The speech model of each session's language, shown before anyone dictates, and `L`, which changes the
/// selected session's language (for example to send a stuck nl-NL dictation as en-US).
extension ScreenModel {
    /// Re-reads the state of every locale's model from the catalog.
    public func refreshModelStates() {
        guard let catalog = services.locales else { return }
        run { [weak self] in
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
            return "\(locale): its speech model is being installed — a dictation sent now waits for it."
        case .notInstalled:
            return "\(locale): no model installed — F5 to install, or L to change this session's language."
        case nil:
            return "\(locale): no speech model offered for this language — L changes this session's language."
        }
    }

    func openSessionLocalePicker() {
        guard let session = station.selected else {
            notifier.warning("No session is selected.")
            return
        }
        if let refusal = station.localeChangeRefusal(for: session) {
            warnAboutState(refusal)
            return
        }
        guard let catalog = services.locales else {
            notifier.warning("No model catalog is available in this build.")
            return
        }
        let id = session.id
        run { [weak self] in
            let options = await catalog.options()
            guard let self, self.dialog == nil, let session = self.station.sessions.first(where: { $0.id == id })
            else { return }
            self.dialog = .picker(
                title: "Language of \"\(session.name)\"",
                options: options.map {
                    PickerOption(label: "\($0.locale)  \($0.name)", detail: $0.state.label, value: $0.locale)
                },
                selection: options.firstIndex { $0.locale == session.locale } ?? 0, purpose: .sessionLocale(id))
        }
    }

    func chooseSessionLocale(_ locale: String, for id: SessionID) {
        let outcome = station.setLocale(of: id, to: locale)
        outcome.succeeded ? notifier.info(outcome.message) : notifier.warning(outcome.message)
        refreshModelStates()
    }
}
