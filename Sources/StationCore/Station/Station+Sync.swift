import Foundation
import Localization

/// Several station processes on one data directory: each shows every session, and each dictation has
/// exactly one owner, the process holding its claim.
extension Station {
    /// Brings this process's view in line with the saved sessions: sessions made, renamed or deleted
    /// elsewhere appear here, a dictation held elsewhere is shown as such, and a dictation whose holder
    /// is gone is taken over (by one process only: the claim decides).
    public func syncSessions() async {
        guard let store = dependencies.sessions else { return }
        // Sessions whose save failed are saved again first (the store may be back).
        for session in sessions where unsavedSessions.contains(session.id) { persist(session) }
        // This process's own writes first, so what is read is never older than its own last change.
        await storeWrites.drain()
        let writes = storeWrites.enqueuedCount
        guard let records = try? await store.loadSessions() else { return }
        // A change made here while reading (a new session, a rename, a delete) may be missing from what
        // was read: applying it would undo that change. The next sync reads it saved.
        guard storeWrites.enqueuedCount == writes else { return }
        let saved = Set(records.map(\.id))
        for session in sessions
        where !saved.contains(session.id) && !session.hasUnsentAudio && !unsavedSessions.contains(session.id) {
            forget(session)
        }
        for record in records {
            if let session = sessions.first(where: { $0.id == record.id }) {
                if session.name != record.name || session.properties != record.properties {
                    session.name = record.name
                    session.properties = record.properties
                }
                // A language changed in another process; a dictation this process holds keeps its own.
                if !session.hasUnsentAudio, session.locale != record.locale {
                    session.locale = record.locale
                }
                if !session.hasUnsentAudio { await reconcile(session, with: record) }
            } else {
                await bringIn(record)
            }
        }
        if selectedID == nil || !sessions.contains(where: { $0.id == selectedID }) {
            selectedID = sessions.first?.id
        }
    }

    /// Adds a saved session to this process's list.
    func bringIn(_ record: SessionRecord) async {
        let session = DictationSession(restoring: record.withoutDictation(), dependencies: dependencies.session)
        adopt(session)
        await reconcile(session, with: record)
    }

    /// Settles who acts on a session that holds no dictation of this process's.
    private func reconcile(_ session: DictationSession, with record: SessionRecord) async {
        guard record.state != .notRecording, record.audioFile != nil else {
            session.heldElsewhere = nil
            return
        }
        let ownership = dependencies.session.ownership
        switch ownership.claim(session.id) {
        case .heldElsewhere(let holder):
            session.heldElsewhere = RemoteDictation(holder: holder, state: record.state, elapsed: record.elapsed)
        case .claimed:
            await takeOverIfAbandoned(session)
        }
    }

    /// After a claim succeeded on a dictation another process held: the holder is gone, or has just
    /// finished it, and only a fresh read tells which. A dictation a report owns is over, never sent again.
    private func takeOverIfAbandoned(_ session: DictationSession) async {
        let before = session.heldElsewhere
        let ownership = dependencies.session.ownership
        let fresh: SessionRecord?
        let owner: Report?
        do {
            fresh = try await dependencies.sessions?.session(id: session.id)
            if let audio = fresh?.audioFile {
                owner = try await dependencies.reports?.report(owningAudio: audio)
            } else {
                owner = nil
            }
        } catch {
            // Unreadable now: the next sync tries again.
            if session.state == .notRecording { ownership.release(session.id) }
            return
        }
        // This process began a dictation of its own in the session meanwhile; its claim stays.
        guard session.state == .notRecording else { return }
        guard let fresh, fresh.state != .notRecording, fresh.audioFile != nil, owner == nil else {
            ownership.release(session.id)
            session.heldElsewhere = nil
            // Stored as a report while the session still said otherwise (a crash in an older build).
            if owner != nil { persist(session) }
            return
        }
        session.takeOver(fresh)
        if let before {
            notifier.warning(
                tr("Took over the dictation of \"\(session.name)\" from \(before.holderName), whose station stopped."))
        }
    }

    private func forget(_ session: DictationSession) {
        sessions.removeAll { $0 === session }
        session.delegate = nil
        if selectedID == session.id { selectedID = sessions.first?.id }
    }
}
