import StationCore

/// Dialogs: confirmations, the session name field, and the locale and source pickers.
extension ScreenModel {
    /// The dialog as drawn: a question about the station's state is asked as things stand now.
    public var shownDialog: Dialog? {
        if case .confirm(let title, _, .quit) = dialog {
            return .confirm(title: title, message: quitQuestion, action: .quit)
        }
        return dialog
    }

    func handleDialogKey(_ key: Key) -> ScreenEffect {
        guard let dialog else { return .none }
        switch dialog {
        case .confirm(_, _, let action):
            // Only y does it: Enter means "send" one screen earlier, so Enter and Esc keep things as they are.
            switch key {
            case .character("y"), .character("Y"):
                self.dialog = nil
                return confirm(action)
            case .character("n"), .character("N"), .escape, .character("q"), .enter:
                self.dialog = nil
            default: break
            }
        case .input(let title, var field, let purpose, _):
            switch key {
            case .escape:
                self.dialog = nil
                if case .amendmentReason(let report, let text, inEditor: false) = purpose {
                    // Text written in $EDITOR is never thrown away unasked: it waits in the editor here.
                    keepInEditor(report, text: text)
                    notifier.info("Not saved yet: your text is in the editor. Ctrl-S asks for the reason again.")
                }
            case .enter: submit(field.text, for: purpose, title: title, field: field)
            case .tab where purpose == .newSession:
                // Enter makes the session at once; Tab goes on to its patient, work type and priority.
                submit(field.text, for: purpose, title: title, field: field, askDetails: true)
            default:
                if field.applyLineKey(key) {
                    self.dialog = .input(title: title, field: field, purpose: purpose, error: nil)
                }
            }
        case .noSpeech(let question):
            return handleNoSpeechKey(key, question)
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
            let session = station.selected
            let what = session.map { "the dictation of \"\($0.name)\" (\(ElapsedTimeFormat.string(for: $0.elapsed)))" }
            let outcome = station.discard()
            if !outcome.succeeded {
                notifier.warning(outcome.message)
            } else if let what {
                notifier.info("Discarded \(what); its audio is deleted.")
            }
        case .deleteSession(let id):
            let outcome = station.deleteSession(id)
            outcome.succeeded ? notifier.info(outcome.message) : notifier.warning(outcome.message)
            keepSelectionsInView()
        case .abandonEdit:
            if let report = editor?.report { notifier.info("Threw away your changes to report #\(report.id).") }
            closeEditor()
        case .sign(let id):
            sign(reportID: id)
        case .deleteDraft(let id):
            deleteDraft(id)
        case .enterInError(let id, let reason):
            enterInError(id, reason: reason)
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

    private func submit(
        _ text: String, for purpose: InputPurpose, title: String, field: TextEditorModel, askDetails: Bool = false
    ) {
        do {
            switch purpose {
            case .newSession:
                let session = try station.createSession(named: text)
                dialog = nil
                keepSelectionsInView()
                // The patient, type and priority come next; Esc leaves the defaults.
                if askDetails { openDetails(for: session.id) }
                return
            case .rename(let id): try station.rename(id, to: text)
            case .patientName, .patientIdentifier, .amendmentReason, .errorReason:
                submitWorkflowField(text, for: purpose, title: title, field: field)
                return
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
                let inUse = SourcePickerOptions.inUse(sources, chosen: current)
                self.dialog = .picker(
                    title: "Capture source", options: SourcePickerOptions.options(sources, chosen: current),
                    selection: inUse ?? 0, purpose: .source)
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
            run { [weak self] in
                await catalog?.choose(value)
                self?.refreshModelStates()
            }
            refreshModelStates()
        case .sessionLocale(let id):
            chooseSessionLocale(value, for: id)
        case .patient, .workType, .priority:
            chooseDetail(value, for: purpose)
        case .source:
            guard let chooser = services.sources else { return }
            run { [weak self] in
                do {
                    try await chooser.choose(value)
                    guard let self else { return }
                    self.notifier.info(self.sourceSwitchNotice(value))
                } catch {
                    self?.notifier.error("That source cannot be used: \(error)")
                }
            }
        }
    }

    /// What a new source changes. A dictation already under way keeps the source it started with (also
    /// after pause and resume): the new one applies from the next dictation, and the notice says so.
    func sourceSwitchNotice(_ source: String) -> String {
        let underWay = station.sessions.filter { $0.state == .recording || $0.state == .paused }
        guard !underWay.isEmpty else { return "Recording from \(source)." }
        let names = Self.list(underWay.map { "\"\($0.name)\"" })
        let verb = underWay.count == 1 ? "goes" : "go"
        return "New dictations record from \(source). \(names) \(verb) on with the source already in use "
            + "until sent or discarded."
    }
}
