import Foundation
import Localization

/// A session's language, changed from the screen: for example to send a dictation made in nl-NL, for
/// which no model is installed, as en-US.
extension Station {
    /// Why the language of `session` cannot be changed now, or nil when it can (as far as this process
    /// knows: an idle session's claim is checked when the change is made).
    public func localeChangeRefusal(for session: DictationSession) -> String? {
        if let remote = session.heldElsewhere { return remote.refusal(sessionName: session.name) }
        switch session.state {
        case .recording:
            return tr("\"\(session.name)\" is recording: pause it first (Space), then change its language.")
        case .processing:
            return tr(
                "\"\(session.name)\" is being transcribed in \(session.locale) now: change its language once it is back or sent."
            )
        case .notRecording, .paused:
            return nil
        }
    }

    /// Changes the language `id`'s dictations are transcribed in, persisted. Refused while it records or
    /// is being transcribed, and for a dictation another station process holds (never changed here).
    @discardableResult
    public func setLocale(of id: SessionID, to locale: String) -> CommandOutcome {
        guard let session = sessions.first(where: { $0.id == id }) else {
            return CommandOutcome(succeeded: false, message: tr("There is no such session."))
        }
        guard locale != session.locale else {
            return CommandOutcome(succeeded: true, message: tr("\"\(session.name)\" is already in \(locale)."))
        }
        if let refusal = localeChangeRefusal(for: session) {
            return CommandOutcome(succeeded: false, message: refusal)
        }
        // An idle session may have just begun a dictation in another process: its claim decides, as for a
        // recording. The claim is given back once the change is saved (`persist`).
        if session.state == .notRecording,
            case .heldElsewhere(let holder) = dependencies.session.ownership.claim(id)
        {
            let remote = RemoteDictation(holder: holder, state: .recording, elapsed: .zero)
            session.heldElsewhere = remote
            return CommandOutcome(succeeded: false, message: remote.refusal(sessionName: session.name))
        }
        let previous = session.locale
        session.changeLocale(to: locale)
        let name = session.name
        return CommandOutcome(
            succeeded: true,
            message: session.hasUnsentAudio
                ? tr(
                    "\"\(name)\" changed from \(previous) to \(locale): its dictation and the next ones are transcribed in \(locale)."
                )
                : tr(
                    "\"\(name)\" changed from \(previous) to \(locale): its next dictations are transcribed in \(locale)."
                ))
    }
}
