import Localization
import StationCore

/// What the keys of the main screen do to the selected session, through the station, which holds the
/// recording flow: record, pause and resume, send, discard and delete (after a question), make and rename.
/// A step that cannot be taken says why, in a message that goes when the session's state changes.
extension SessionsListController {
    /// Space: record, pause or resume the selected session. Starting one pauses the one recording, and
    /// the notice says so ("Ward round paused; recording Room 214") rather than switching silently.
    func toggleSelected() {
        let before = station.capturing
        let outcome = station.toggle()
        keepInView()
        guard outcome.succeeded else {
            warnAboutState(outcome.message)
            return
        }
        if let before, let now = station.capturing, before !== now, before.state == .paused {
            notifier.info(tr("\(before.name) paused; recording \(now.name)."))
        }
    }

    /// Enter: sends the paused dictation of the selected session.
    func send() {
        guard let session = station.selected else { return }
        if let remote = session.heldElsewhere {
            notifier.warning(remote.refusal(sessionName: session.name))
            return
        }
        switch session.state {
        case .paused where session.noSpeech != nil:
            // Sending again would find nothing again: ask what to do with it.
            ask(session)
        case .paused:
            let outcome = station.send()
            if !outcome.succeeded { warnAboutState(outcome.message) }
        case .recording:
            warnAboutState(tr("Pause first with Space; then Enter sends the dictation."), kind: .info)
        case .notRecording:
            warnAboutState(tr("Nothing to send in \"\(session.name)\": Space starts a dictation."), kind: .info)
        case .processing:
            warnAboutState(tr("\"\(session.name)\" is already being transcribed."), kind: .info)
        }
    }

    /// Posts a message about the selected session's state; it goes when that state changes (sent,
    /// discarded, resumed…), so the strip never describes a state that is gone.
    func warnAboutState(_ message: String, kind: StationNotification.Kind = .warning) {
        guard let session = station.selected else {
            notifier.post(kind, message)
            return
        }
        let state = session.state
        notifier.post(kind, message) { [weak session] in session?.state == state }
    }

    /// `d`: the question before discarding the selected session's dictation; nil, saying why, when
    /// there is nothing it may discard.
    func discardQuestion() -> ConfirmDialogController? {
        guard let session = station.selected else {
            notifier.warning(tr("No session is selected."))
            return nil
        }
        if let remote = session.heldElsewhere {
            notifier.warning(remote.refusal(sessionName: session.name))
            return nil
        }
        guard session.canDiscard else {
            switch session.state {
            case .recording:
                warnAboutState(tr("Nothing to discard yet: pause the recording first (Space), then d discards it."))
            case .notRecording: warnAboutState(tr("Nothing to discard: \"\(session.name)\" holds no dictation."))
            case .paused, .processing: warnAboutState(tr("The dictation is being stored as a report now."))
            }
            return nil
        }
        return ConfirmDialogController(
            title: tr("Discard dictation?"),
            message: tr(
                "The recording of \"\(session.name)\" (\(TimeWords.duration(session.elapsed))) is thrown away and cannot be brought back."
            ),
            action: .discard
        ) { [unowned self] in
            let session = station.selected
            let what = session.map { tr("the dictation of \"\($0.name)\" (\(TimeWords.duration($0.elapsed)))") }
            let outcome = station.discard()
            if !outcome.succeeded {
                notifier.warning(outcome.message)
            } else if let what {
                notifier.info(tr("Discarded \(what); its audio is deleted."))
            }
            return .close
        }
    }

    /// `F8`: the question before deleting the selected session; nil, saying why, while it holds audio.
    func deleteQuestion() -> ConfirmDialogController? {
        guard let session = station.selected else { return nil }
        if session.hasUnsentAudio {
            warnAboutState(tr("\"\(session.name)\" holds an unsent dictation: send or discard it first."))
            return nil
        }
        let id = session.id
        return ConfirmDialogController(
            title: tr("Delete session?"), message: tr("Delete the session \"\(session.name)\"? Its reports are kept."),
            action: .deleteSession(id)
        ) { [unowned self] in
            let outcome = station.deleteSession(id)
            outcome.succeeded ? notifier.info(outcome.message) : notifier.warning(outcome.message)
            keepInView()
            return .close
        }
    }

    /// `n`: a new session, in steps (its name, then its patient, work type and priority); nothing is made
    /// before Enter on the name or on the last step.
    func newSessionDialog() -> SessionDetailsDialog {
        SessionDetailsDialog(newOn: screen)
    }

    /// `r`: the selected session's new name.
    func renameField() -> InputDialogController? {
        guard let session = station.selected else {
            notifier.warning(tr("No session is selected."))
            return nil
        }
        let id = session.id
        return InputDialogController(title: tr("Rename session"), text: session.name, purpose: .rename(id)) {
            [unowned self] field, _ in
            do throws(SessionNameError) {
                try station.rename(id, to: field.field.text)
                keepInView()
                return .close
            } catch {
                return field.refuse(error.description)
            }
        }
    }
}
