import Localization
import Observation
import StationCore

/// Follows the station and says each change once, as a sentence: a session recording, paused, sent,
/// made, renamed, deleted or held at another station, the selection, a microphone too quiet, and every
/// message the station posts (what the screen shows in its notification strip). What did not change is
/// not said again, and the running timer is never read out.
@MainActor
final class LineEvents {
    /// What is said of one session, as it was when last said.
    private struct SessionView: Equatable {
        var name: String
        var state: RecordingState
        var heldState: RecordingState?
        var holder: String?
        var veryQuiet: Bool
    }

    private let station: Station
    private let say: @MainActor (String) -> Void
    private var sessions: [SessionID: SessionView] = [:]
    private var order: [SessionID] = []
    private var selected: SessionID?
    private var lastNotice = 0
    /// Messages the line mode said in its own fuller words (a report ready): not said twice.
    private var saidAlready: [String] = []
    private var watch: Task<Void, Never>?

    init(station: Station, say: @escaping @MainActor (String) -> Void) {
        self.station = station
        self.say = say
        // What is there at the start is the start's to say, not news.
        sessions = Dictionary(uniqueKeysWithValues: station.sessions.map { ($0.id, Self.view(of: $0)) })
        order = station.sessions.map(\.id)
        selected = station.selectedID
        lastNotice = station.notifier.recent.first?.id ?? 0
    }

    /// Starts following the station; each change is said once it has happened.
    func start() {
        let (changes, changed) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        track(changed)
        watch = Task { [weak self] in
            for await _ in changes {
                guard let self else { return }
                self.announce()
                self.track(changed)
            }
        }
    }

    func stop() { watch?.cancel() }

    /// `message`, once the station posts it, is not said: the line mode said it already in other words.
    func alreadySaid(_ message: String) { saidAlready.append(message) }

    /// Says everything that changed since it was last said; the command loop calls it too, so the outcome
    /// of a command is said before the next command is read.
    func announce() {
        announceSessions()
        announceSelection()
        announceNotices()
    }

    /// Reads what `announce` says, so that any change to it comes back as the next `changes` element.
    private func track(_ changed: AsyncStream<Void>.Continuation) {
        withObservationTracking {
            _ = station.selectedID
            for session in station.sessions { _ = Self.view(of: session) }
            _ = station.notifier.recent.first?.id
        } onChange: {
            changed.yield()
        }
    }

    private static func view(of session: DictationSession) -> SessionView {
        SessionView(
            name: session.name, state: session.state, heldState: session.heldElsewhere?.state,
            holder: session.heldElsewhere?.holderName, veryQuiet: session.isInputVeryQuiet)
    }

    private func announceSessions() {
        let now = station.sessions
        for id in order where !now.contains(where: { $0.id == id }) {
            if let name = sessions.removeValue(forKey: id)?.name { say(tr("The session \(name) was deleted.")) }
        }
        for session in now {
            let view = Self.view(of: session)
            defer { sessions[session.id] = view }
            guard let old = sessions[session.id] else {
                let name = session.name
                // One made here is selected at once: said together, not twice.
                if session.id == station.selectedID, selected != session.id {
                    selected = session.id
                    say(tr("New session \(name), selected."))
                } else {
                    say(tr("New session \(name)."))
                }
                if view.heldState == nil, let sentence = SessionSentences.change(of: session, from: .notRecording) {
                    say(sentence)
                }
                continue
            }
            if old == view { continue }
            if old.name != view.name {
                let (before, after) = (old.name, view.name)
                say(tr("The session \(before) is now named \(after)."))
            }
            if old.heldState != view.heldState || old.holder != view.holder {
                sayHolding(session, was: old.heldState != nil)
            } else if old.state != view.state, view.heldState == nil,
                let sentence = SessionSentences.change(of: session, from: old.state)
            {
                say(sentence)
            }
            if view.veryQuiet, !old.veryQuiet {
                let name = session.name
                say(tr("The level in \(name) is very low: is the right microphone selected?"))
            }
        }
        order = now.map(\.id)
    }

    private func sayHolding(_ session: DictationSession, was held: Bool) {
        let name = session.name
        guard session.heldElsewhere != nil else {
            if held { say(tr("\(name) is no longer held at another station: \(SessionSentences.state(of: session)).")) }
            return
        }
        let state = SessionSentences.state(of: session)
        say(tr("\(name) is \(state)."))
    }

    private func announceSelection() {
        guard station.selectedID != selected else { return }
        selected = station.selectedID
        guard let session = station.selected else {
            say(tr("No session is selected."))
            return
        }
        let status = SessionSentences.status(of: session)
        say(tr("Selected \(status)"))
    }

    private func announceNotices() {
        let fresh = station.notifier.recent.prefix { $0.id > lastNotice }
        lastNotice = station.notifier.recent.first?.id ?? lastNotice
        for notice in fresh.reversed() {
            if let index = saidAlready.firstIndex(of: notice.message) {
                saidAlready.remove(at: index)
                continue
            }
            let message = notice.message
            switch notice.kind {
            case .info: say(message)
            case .warning: say(tr("Warning: \(message)"))
            case .error: say(tr("Error: \(message)"))
            }
        }
    }
}
