import Localization

/// The actions on the selected session, shared by the keys and the control socket.
extension Station {
    /// Start, pause or resume the selected session; makes a first session when there is none.
    @discardableResult
    public func toggle() -> CommandOutcome {
        if selected == nil, sessions.isEmpty {
            _ = try? createSession(named: tr("Dictation"))
        }
        guard let session = selected else {
            return CommandOutcome(succeeded: false, message: tr("No session is selected."))
        }
        if let refusal = heldElsewhere(session) { return refusal }
        guard session.state != .processing else {
            return CommandOutcome(succeeded: false, message: tr("\"\(session.name)\" is still being transcribed."))
        }
        session.pressMainAction()
        // The claim may have found, just now, that another process started this dictation.
        if let refusal = heldElsewhere(session) { return refusal }
        return CommandOutcome(succeeded: true, message: StatusLine.text(for: session))
    }

    /// Send the selected session's paused recording.
    @discardableResult
    public func send() -> CommandOutcome {
        if let session = selected, let refusal = heldElsewhere(session) { return refusal }
        guard let session = selected, session.canSend else {
            return CommandOutcome(succeeded: false, message: tr("Nothing paused to send: pause the recording first."))
        }
        if let found = session.noSpeech {
            // Sending it again would find nothing again: the person decides at the station.
            let recorded = TimeWords.duration(found.recorded)
            return CommandOutcome(
                succeeded: false,
                message: tr(
                    "No speech was recognized in \"\(session.name)\" (\(recorded)): send it anyway or discard it at the station."
                ))
        }
        session.pressSend()
        return CommandOutcome(succeeded: true, message: StatusLine.text(for: session))
    }

    /// Stores the dictation of `id` in which no speech was recognized, as an empty report with its audio.
    @discardableResult
    public func sendWithoutSpeech(_ id: SessionID) -> CommandOutcome {
        guard let session = sessions.first(where: { $0.id == id }) else {
            return CommandOutcome(succeeded: false, message: tr("There is no such session."))
        }
        if let refusal = heldElsewhere(session) { return refusal }
        guard session.noSpeech != nil, session.state == .paused else {
            return CommandOutcome(
                succeeded: false, message: tr("\"\(session.name)\" has no dictation waiting to be sent."))
        }
        session.pressSendWithoutSpeech()
        return CommandOutcome(succeeded: true, message: StatusLine.text(for: session))
    }

    /// Discard the selected session's paused or processing recording.
    @discardableResult
    public func discard() -> CommandOutcome {
        if let session = selected, let refusal = heldElsewhere(session) { return refusal }
        guard let session = selected, session.canDiscard else {
            return CommandOutcome(succeeded: false, message: tr("Nothing to discard: pause the recording first."))
        }
        session.pressDiscard()
        return CommandOutcome(succeeded: true, message: StatusLine.text(for: session))
    }

    /// The refusal for a session whose dictation another station process holds.
    func heldElsewhere(_ session: DictationSession) -> CommandOutcome? {
        session.heldElsewhere.map { CommandOutcome(succeeded: false, message: $0.refusal(sessionName: session.name)) }
    }

    /// Runs a command from outside the screen through the same code as the keys. Each one but `status`
    /// (a question, asked every second by a status bar) leaves a notice on the screen, so that what a
    /// pedal or a script did, or failed to do, can be seen there and in the messages.
    @discardableResult
    public func perform(_ command: StationCommand) -> CommandOutcome {
        let outcome: CommandOutcome
        switch command {
        case .toggle: outcome = toggle()
        case .send: outcome = send()
        case .discard:
            // Noticed with its undo key by `discardKeepingAudio` itself.
            outcome = discardKeepingAudio()
            if outcome.succeeded { return outcome }
        case .undo:
            // `undoDiscard` says so when it succeeds.
            outcome = undoDiscard()
            if outcome.succeeded { return outcome }
        case .select(let name): outcome = selectSession(matching: name)
        case .status:
            return CommandOutcome(succeeded: true, message: StatusLine.text(for: self))
        }
        // A notice is a sentence: the session's time in full units, not the status bar's timer. The
        // command's protocol word stays as it was sent.
        let said = outcome.succeeded ? selected.map(SessionStatusWords.sentence) ?? outcome.message : outcome.message
        let verb = command.verb
        let line =
            outcome.succeeded
            ? tr("Control socket: \(verb) — \(said)") : tr("Control socket: \(verb) refused: \(said)")
        notifier.post(outcome.succeeded ? .info : .warning, line)
        return outcome
    }

    /// Selects the session `query` names: as typed, ignoring case and dash style, or by a prefix that
    /// fits only one session.
    public func selectSession(matching query: String) -> CommandOutcome {
        switch SessionLookup.find(query, in: sessions.map { ($0.id, $0.name) }) {
        case .found(let id):
            select(id)
            guard let session = selected else { break }
            return CommandOutcome(succeeded: true, message: StatusLine.text(for: session))
        case .ambiguous(let names):
            let listed = names.map { "\"\($0)\"" }.joined(separator: ", ")
            return CommandOutcome(
                succeeded: false,
                message: tr("\"\(query)\" fits \(names.count) sessions: \(listed). Type more of the name."))
        case .none: break
        }
        return CommandOutcome(succeeded: false, message: tr("There is no session named \"\(query)\"."))
    }
}
