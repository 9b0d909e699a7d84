import Localization
import StationCore

/// The commands on sessions: through the station's own steps, which say why when they refuse; the
/// sentence for what changed comes from `LineEvents`, as for a change made anywhere else.
extension LineMode {
    /// `record`: starts or resumes the selected session (the one recording elsewhere is paused).
    func record() {
        if let session = station.selected, session.state == .recording {
            let name = session.name
            say(tr("\(name) is recording already: pause pauses it."))
            return
        }
        let outcome = station.toggle()
        if !outcome.succeeded { say(outcome.message) }
    }

    /// `pause`: pauses the dictation that records, whichever session it is in.
    func pause() {
        guard let recording = station.capturing else {
            say(tr("Nothing is recording."))
            return
        }
        station.select(recording.id)
        let outcome = station.toggle()
        if !outcome.succeeded { say(outcome.message) }
    }

    /// `send`: sends the selected session's paused dictation; one in which no speech was recognized is
    /// stored as an empty report with its audio only after a question, as on the screen.
    func send() async {
        guard let session = station.selected else {
            say(tr("No session is selected."))
            return
        }
        guard let found = session.noSpeech, session.state == .paused, session.heldElsewhere == nil else {
            let outcome = station.send()
            if !outcome.succeeded { say(outcome.message) }
            return
        }
        let (name, time, id) = (session.name, TimeWords.duration(found.recorded), session.id)
        guard
            await confirm(
                tr(
                    "No speech was recognized in \(name) (\(time)). Store it anyway as an empty report with its audio? y stores it, n keeps it paused"
                ))
        else {
            say(tr("\(name) stays paused."))
            return
        }
        let outcome = station.sendWithoutSpeech(id)
        if !outcome.succeeded { say(outcome.message) }
    }

    /// `discard`: throws the selected session's paused dictation away, after a question (only y discards).
    func discard() async {
        guard let session = station.selected else {
            say(tr("No session is selected."))
            return
        }
        guard session.canDiscard else {
            // The station's own refusal says why (held elsewhere, nothing paused).
            say(station.discard().message)
            return
        }
        let (name, time) = (session.name, TimeWords.duration(session.elapsed))
        guard
            await confirm(
                tr(
                    "Discard the dictation of \(name) (\(time))? It is thrown away and cannot be brought back. y discards, n keeps it"
                ))
        else {
            say(tr("The dictation of \(name) is kept."))
            return
        }
        guard station.selected === session else {
            say(tr("The selected session changed meanwhile: nothing was discarded."))
            return
        }
        let outcome = station.discard()
        say(
            outcome.succeeded
                ? tr("Discarded the dictation of \(name) (\(time)); its audio is deleted.") : outcome.message)
    }

    /// `next`, `previous`.
    func move(_ offset: Int) {
        guard station.sessions.count > 1 else {
            say(station.sessions.isEmpty ? tr("There is no session yet.") : tr("There is only one session."))
            return
        }
        station.selectNeighbour(offset)
    }

    /// `select NAME`: as `ctl select` finds it (case and dash style aside, or a beginning that fits one).
    func select(_ name: String) {
        let outcome = station.selectSession(matching: name)
        if !outcome.succeeded { say(outcome.message) }
    }

    /// `new NAME`: makes a session and selects it.
    func newSession(_ name: String) {
        do throws(SessionNameError) {
            try station.createSession(named: name)
        } catch {
            say(error.description)
        }
    }

    /// `sessions`: each session with what it does, the selected one said so.
    func listSessions() {
        let sessions = station.sessions
        guard !sessions.isEmpty else {
            say(tr("There is no session yet: record makes one, new NAME makes one with a name."))
            return
        }
        say(tr(sessions.count, one: "\(sessions.count) session:", other: "\(sessions.count) sessions:"))
        for (index, session) in sessions.enumerated() {
            let (number, status) = (index + 1, SessionSentences.status(of: session))
            say(session.id == station.selectedID ? tr("\(number). \(status) Selected.") : tr("\(number). \(status)"))
        }
    }

    /// `status`: the selected session, and the one recording when that is another.
    func status() {
        guard let selected = station.selected else {
            say(tr("No session is selected."))
            return
        }
        say(SessionSentences.status(of: selected))
        if let recording = station.capturing, recording !== selected {
            let status = SessionSentences.status(of: recording)
            say(tr("Recording elsewhere: \(status)"))
        }
    }
}
