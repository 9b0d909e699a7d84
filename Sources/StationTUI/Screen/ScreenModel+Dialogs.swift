import StationCore

/// Dialogs: confirmations, the session name field, and the locale and source pickers.
extension ScreenModel {
    func handleDialogKey(_ key: Key) -> ScreenEffect {
        guard let dialog else { return .none }
        switch dialog {
        case .confirm(_, _, let action):
            switch key {
            case .character("y"), .character("Y"), .enter:
                self.dialog = nil
                return confirm(action)
            case .character("n"), .character("N"), .escape, .character("q"):
                self.dialog = nil
            default: break
            }
        case .input(let title, var field, let purpose, _):
            switch key {
            case .escape: self.dialog = nil
            case .enter: submit(field.text, for: purpose, title: title, field: field)
            default:
                if field.applyLineKey(key) {
                    self.dialog = .input(title: title, field: field, purpose: purpose, error: nil)
                }
            }
        case .picker(let title, let options, var selection, let purpose):
            switch key {
            case .escape, .character("q"): self.dialog = nil
            case .up, .character("k"): selection = max(0, selection - 1)
            case .down, .character("j"): selection = min(options.count - 1, selection + 1)
            case .home: selection = 0
            case .end: selection = max(0, options.count - 1)
            case .enter:
                self.dialog = nil
                if options.indices.contains(selection) { choose(options[selection].value, for: purpose) }
                return .none
            default: break
            }
            if case .picker = self.dialog {
                self.dialog = .picker(title: title, options: options, selection: selection, purpose: purpose)
            }
        }
        return .none
    }

    private func confirm(_ action: ConfirmAction) -> ScreenEffect {
        switch action {
        case .quit:
            return .quit
        case .discard:
            let outcome = station.discard()
            if !outcome.succeeded { notifier.warning(outcome.message) }
        case .deleteSession(let id):
            let outcome = station.deleteSession(id)
            outcome.succeeded ? notifier.info(outcome.message) : notifier.warning(outcome.message)
            keepSelectionsInView()
        case .abandonEdit:
            editor = nil
        }
        return .none
    }

    func openNewSessionDialog() {
        dialog = .input(title: "New session", field: TextEditorModel(text: ""), purpose: .newSession, error: nil)
    }

    func openRenameDialog() {
        guard let session = station.selected else {
            notifier.warning("No session is selected.")
            return
        }
        var field = TextEditorModel(text: session.name)
        field.moveToEnd()
        dialog = .input(title: "Rename session", field: field, purpose: .rename(session.id), error: nil)
    }

    private func submit(_ text: String, for purpose: InputPurpose, title: String, field: TextEditorModel) {
        do {
            switch purpose {
            case .newSession: try station.createSession(named: text)
            case .rename(let id): try station.rename(id, to: text)
            }
            dialog = nil
            keepSelectionsInView()
        } catch {
            dialog = .input(title: title, field: field, purpose: purpose, error: error.description)
        }
    }

    func openLocalePicker() {
        guard let catalog = services.locales else {
            notifier.warning("No model catalog is available in this build.")
            return
        }
        run { [weak self] in
            let options = await catalog.options()
            guard let self, self.dialog == nil else { return }
            let current = self.station.locale
            self.dialog = .picker(
                title: "Locale for new sessions",
                options: options.map {
                    PickerOption(label: "\($0.locale)  \($0.name)", detail: $0.state.label, value: $0.locale)
                },
                selection: options.firstIndex { $0.locale == current } ?? 0, purpose: .locale)
        }
    }

    func openSourcePicker() {
        guard let chooser = services.sources else {
            notifier.warning("Capture sources cannot be listed in this build.")
            return
        }
        run { [weak self] in
            do {
                let sources = try await chooser.sources()
                let current = await chooser.currentSource()
                guard let self, self.dialog == nil else { return }
                guard !sources.isEmpty else {
                    self.notifier.warning("No capture sources are available; plug in a microphone.")
                    return
                }
                self.dialog = .picker(
                    title: "Capture source",
                    options: sources.map { PickerOption(label: $0, detail: $0 == current ? "in use" : "", value: $0) },
                    selection: sources.firstIndex { $0 == current } ?? 0, purpose: .source)
            } catch {
                self?.notifier.error("The capture sources could not be listed. Is the audio server running?")
            }
        }
    }

    private func choose(_ value: String, for purpose: PickerPurpose) {
        switch purpose {
        case .locale:
            station.locale = value
            let catalog = services.locales
            notifier.info("New sessions use \(value).")
            run { await catalog?.choose(value) }
        case .source:
            guard let chooser = services.sources else { return }
            run { [weak self] in
                do {
                    try await chooser.choose(value)
                    self?.notifier.info("Recording from \(value).")
                } catch {
                    self?.notifier.error("That source cannot be used: \(error)")
                }
            }
        }
    }
}
