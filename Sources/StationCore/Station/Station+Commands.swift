/// The actions on the selected session, shared by the keys and the control socket.
extension Station {
    /// Start, pause or resume the selected session; makes a first session when there is none.
    @discardableResult
    public func toggle() -> CommandOutcome {
        if selected == nil, sessions.isEmpty {
            _ = try? createSession(named: "Dictation")
        }
        guard let session = selected else {
            return CommandOutcome(succeeded: false, message: "No session is selected.")
        }
        guard session.state != .processing else {
            return CommandOutcome(succeeded: false, message: "\"\(session.name)\" is still being transcribed.")
        }
        session.pressMainAction()
        return CommandOutcome(succeeded: true, message: StatusLine.text(for: session))
    }

    /// Send the selected session's paused recording.
    @discardableResult
    public func send() -> CommandOutcome {
        guard let session = selected, session.canSend else {
            return CommandOutcome(succeeded: false, message: "Nothing paused to send: pause the recording first.")
        }
        session.pressSend()
        return CommandOutcome(succeeded: true, message: StatusLine.text(for: session))
    }

    /// Discard the selected session's paused or processing recording.
    @discardableResult
    public func discard() -> CommandOutcome {
        guard let session = selected, session.canDiscard else {
            return CommandOutcome(succeeded: false, message: "Nothing to discard: pause the recording first.")
        }
        session.pressDiscard()
        return CommandOutcome(succeeded: true, message: StatusLine.text(for: session))
    }

    /// Runs a command from outside the screen through the same code as the keys.
    @discardableResult
    public func perform(_ command: StationCommand) -> CommandOutcome {
        switch command {
        case .toggle: return toggle()
        case .send: return send()
        case .discard: return discard()
        case .select(let name):
            guard let session = session(named: name) else {
                return CommandOutcome(succeeded: false, message: "There is no session named \"\(name)\".")
            }
            select(session.id)
            return CommandOutcome(succeeded: true, message: StatusLine.text(for: session))
        case .status:
            return CommandOutcome(succeeded: true, message: StatusLine.text(for: self))
        }
    }
}
