import Foundation
import Localization
import Observation

/// The services the station wires into its sessions and where it keeps what they produce.
public struct StationDependencies: Sendable {
    public var session: SessionDependencies
    public var reports: (any ReportStore)?
    public var sessions: (any SessionStore)?
    /// Who works at this station process (the login user): the author of its sessions and reports.
    public var author: String?
    /// Retrains the author's voice profile after they corrected or signed their reports; nil: never.
    public var voiceProfiles: (any VoiceProfileTraining)?
    /// How long corrections must pause before a training request goes out.
    public var voiceProfileQuietPeriod: Duration
    /// How long a dictation discarded from outside the screen keeps its audio, to be brought back.
    public var discardGracePeriod: Duration
    /// Where a store that could not be reached keeps sent dictations until it delivers them (a clinic
    /// store); nil: a store that is always at hand.
    public var outbox: (any DictationOutbox)?

    public init(
        session: SessionDependencies, reports: (any ReportStore)? = nil, sessions: (any SessionStore)? = nil,
        author: String? = nil, voiceProfiles: (any VoiceProfileTraining)? = nil,
        voiceProfileQuietPeriod: Duration = .seconds(3), discardGracePeriod: Duration = .seconds(30),
        outbox: (any DictationOutbox)? = nil
    ) {
        self.outbox = outbox
        self.session = session
        self.reports = reports
        self.sessions = sessions
        self.author = author
        self.voiceProfiles = voiceProfiles
        self.voiceProfileQuietPeriod = voiceProfileQuietPeriod
        self.discardGracePeriod = discardGracePeriod
    }
}

/// Several named dictation sessions, one selected, at most one capturing.
@MainActor
@Observable
public final class Station {
    public internal(set) var sessions: [DictationSession] = []
    public internal(set) var selectedID: SessionID?
    public let notifier: Notifier
    /// The locale new sessions get.
    public var locale: String
    /// Called with each report stored from a finished dictation.
    public var onReportAdded: ((Report) -> Void)?
    /// Called when a sent dictation held no recognized word: the session is paused again, and the
    /// person is asked whether to send it anyway or discard it.
    public var onNoSpeech: ((DictationSession) -> Void)?

    let dependencies: StationDependencies
    let storeWrites = OrderedCalls()
    @ObservationIgnored var voiceProfileState = VoiceProfileState()
    /// Dictations discarded from outside the screen whose audio is still kept, oldest first.
    var keptDiscards: [KeptDiscard] = []
    /// Sessions whose last save failed (a store that could not be reached): saved again before the next
    /// sync reads the store, so a session made meanwhile is not taken for one deleted elsewhere.
    @ObservationIgnored var unsavedSessions: Set<SessionID> = []

    public init(dependencies: StationDependencies, locale: String, notifier: Notifier? = nil) {
        self.dependencies = dependencies
        self.locale = locale
        self.notifier = notifier ?? Notifier(clock: dependencies.session.clock)
    }

    /// Brings back the persisted sessions. A dictation that was recording comes back paused with the
    /// time its audio holds; one another living station process holds is shown as held there; one a
    /// report already owns (a crash right after storing it) is over.
    public func restoreSessions() async throws {
        guard let store = dependencies.sessions else { return }
        let records = try await store.loadSessions()
        for record in records where !sessions.contains(where: { $0.id == record.id }) {
            await bringIn(record)
        }
        if selectedID == nil { selectedID = sessions.first?.id }
    }

    /// Who works at this station process: the author of what it stores.
    public var author: String? { dependencies.author }

    public var selected: DictationSession? { sessions.first { $0.id == selectedID } }

    /// The session capturing now, if any.
    public var capturing: DictationSession? { sessions.first { $0.state == .recording } }

    /// Whether any session holds audio that has not been sent.
    public var hasUnsentDictation: Bool { sessions.contains { $0.hasUnsentAudio } }

    public func session(named name: String) -> DictationSession? {
        let folded = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return sessions.first { $0.name.lowercased() == folded }
    }

    // MARK: Managing sessions

    /// Creates, selects and persists a session; a bad name is refused with the reason.
    @discardableResult
    public func createSession(
        named raw: String, locale: String? = nil, properties: DictationProperties = DictationProperties()
    ) throws(SessionNameError) -> DictationSession {
        let name = try SessionName.validate(raw, existing: sessions.map(\.name)).get()
        let session = DictationSession(
            name: name, locale: locale ?? self.locale, created: dependencies.session.clock.wallTime,
            author: dependencies.author, properties: properties, dependencies: dependencies.session)
        adopt(session)
        selectedID = session.id
        persist(session)
        return session
    }

    public func rename(_ id: SessionID, to raw: String) throws(SessionNameError) {
        guard let session = sessions.first(where: { $0.id == id }) else { return }
        let others = sessions.filter { $0.id != id }.map(\.name)
        let name = try SessionName.validate(raw, existing: others).get()
        session.name = name
        // Only the name: the dictation may be another process's, and its state is not ours to write.
        if let store = dependencies.sessions {
            let log = dependencies.session.log
            storeWrites.enqueue {
                do {
                    try await store.renameSession(id: id, to: name)
                } catch {
                    log.log(.error, "renaming a session failed: \(error)")
                }
            }
        }
    }

    /// Sets the patient, work type and priority of a session's next reports; the reports it sent keep
    /// theirs.
    public func setProperties(of id: SessionID, _ properties: DictationProperties) {
        guard let session = sessions.first(where: { $0.id == id }), session.properties != properties else { return }
        session.properties = properties
        if let store = dependencies.sessions {
            let log = dependencies.session.log
            storeWrites.enqueue {
                do {
                    try await store.setProperties(of: id, properties)
                } catch {
                    log.log(.error, "saving a session's patient failed: \(error)")
                }
            }
        }
    }

    /// The patients of the sessions and reports at hand, most recent first, for a picker.
    public func recentPatients(limit: Int = 20) async -> [Patient] {
        var seen: [Patient] = []
        func note(_ patient: Patient?) {
            guard let patient, !seen.contains(patient), seen.count < limit else { return }
            seen.append(patient)
        }
        for session in sessions.reversed() { note(session.properties.patient) }
        let reports = (try? await dependencies.reports?.reports(ReportQuery(), limit: 200, offset: 0)) ?? []
        for report in reports { note(report.properties.patient) }
        return seen
    }

    /// Deletes an idle session; one holding an unsent dictation is refused, so its audio is never lost.
    public func deleteSession(_ id: SessionID) -> CommandOutcome {
        guard let index = sessions.firstIndex(where: { $0.id == id }) else {
            return CommandOutcome(succeeded: false, message: tr("There is no such session."))
        }
        let session = sessions[index]
        if let remote = session.heldElsewhere {
            return CommandOutcome(succeeded: false, message: remote.refusal(sessionName: session.name))
        }
        guard !session.hasUnsentAudio else {
            return CommandOutcome(
                succeeded: false,
                message: tr("\"\(session.name)\" holds an unsent dictation: send or discard it first."))
        }
        sessions.remove(at: index)
        session.delegate = nil
        if selectedID == id {
            selectedID = sessions.isEmpty ? nil : sessions[min(index, sessions.count - 1)].id
        }
        if let store = dependencies.sessions {
            storeWrites.enqueue { try await store.deleteSession(id: id) }
        }
        return CommandOutcome(succeeded: true, message: tr("Deleted \"\(session.name)\"."))
    }

    public func select(_ id: SessionID) {
        guard sessions.contains(where: { $0.id == id }), selectedID != id else { return }
        selectedID = id
    }

    /// Selects the next (`offset` 1) or previous (-1) session, wrapping around.
    public func selectNeighbour(_ offset: Int) {
        guard !sessions.isEmpty else { return }
        let current = sessions.firstIndex { $0.id == selectedID } ?? 0
        let next = ((current + offset) % sessions.count + sessions.count) % sessions.count
        select(sessions[next].id)
    }

    /// Waits until every persisted change and every session's pending calls have gone through.
    public func settle() async {
        for session in sessions { await session.settle() }
        await storeWrites.drain()
    }

    func adopt(_ session: DictationSession) {
        session.delegate = self
        sessions.append(session)
    }

    /// Saves what this process holds of a session. A dictation held elsewhere is never written here.
    /// The claim on a dictation is given back only once its end is saved, so no other process can
    /// take over a dictation that is already sent or discarded.
    func persist(_ session: DictationSession) {
        guard session.heldElsewhere == nil else { return }
        let record = session.record(updated: dependencies.session.clock.wallTime)
        let ownership = dependencies.session.ownership
        guard let store = dependencies.sessions else {
            if record.state == .notRecording { ownership.release(record.id) }
            return
        }
        let log = dependencies.session.log
        storeWrites.enqueue { [weak self, weak session] in
            do {
                try await store.save(record)
            } catch {
                // Kept claimed: the saved record may still say this process holds audio.
                log.log(.error, "saving a session failed: \(error)")
                await MainActor.run { _ = self?.unsavedSessions.insert(record.id) }
                return
            }
            await MainActor.run { _ = self?.unsavedSessions.remove(record.id) }
            guard record.state == .notRecording else { return }
            await MainActor.run {
                // A new dictation may have begun since; its claim must stay.
                if session?.state ?? .notRecording == .notRecording { ownership.release(record.id) }
            }
        }
    }
}

extension Station: DictationSessionDelegate {
    public func sessionWillCapture(_ session: DictationSession) {
        for other in sessions where other !== session && other.state == .recording {
            other.pause(byUser: true)
        }
    }

    public func session(_ session: DictationSession, didFinish dictation: FinishedDictation) async throws {
        let now = dependencies.session.clock.wallTime
        let report = NewReport(
            transcribed: dictation.transcription, sessionName: dictation.sessionName, created: now,
            audioFile: dictation.audioFile, author: dependencies.author, properties: session.properties)
        // The session's dictation ends in the report's own transaction.
        let ended = session.record(updated: now).withoutDictation()
        if let store = dependencies.reports {
            let stored: Report
            do {
                stored = try await store.add(report, ending: dependencies.sessions == nil ? nil : ended)
            } catch let kept as DictationKept {
                // Safe on this workstation: it counts as sent, and the screen says it waits while it does.
                let (outbox, file) = (dependencies.outbox, kept.audioFile)
                let name = dictation.sessionName
                let message = tr(
                    "The clinic store cannot be reached: the dictation of \(name) is kept on this workstation and sent when the store is back."
                )
                // It stays for as long as the dictation waits (a day at most: a store away that long is said
                // by every send since).
                _ = notifier.post(.warning, message, lasting: .seconds(86_400)) {
                    file.map { outbox?.isWaiting($0) ?? false } ?? false
                }
                return
            }
            HoldPoint.reach("report-stored")
            onReportAdded?(stored)
        }
        notifier.info(tr("Report ready for \(dictation.sessionName)."))
    }

    public func session(_ session: DictationSession, didFail error: RecordingError) {
        // It describes the session's state: it goes when the error is gone (resumed, sent, discarded).
        notifier.post(.error, "\(error.message) \(error.recoveryHint)") { [weak session] in session?.lastError == error
        }
    }

    public func session(_ session: DictationSession, didNotice message: String) {
        notifier.warning(message)
    }

    public func sessionDidChange(_ session: DictationSession) {
        persist(session)
    }

    public func sessionDidTick(_ session: DictationSession) {
        persist(session)
    }

    public func session(_ session: DictationSession, didFindNoSpeech found: NoSpeechFound) {
        onNoSpeech?(session)
    }
}
