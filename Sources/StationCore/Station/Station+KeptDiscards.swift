import Localization

/// A discard from outside the screen (`ctl discard`, a foot pedal) is not asked about, and a pedal is
/// pressed by mistake: its audio is kept for `discardGracePeriod`, and `undoDiscard` (the `U` key,
/// `ctl undo`) brings the dictation back. After the grace period the audio is removed as a discard
/// at the keys removes it.
extension Station {
    /// A discarded dictation whose audio is still kept.
    struct KeptDiscard {
        var dictation: DiscardedDictation
        /// The notice that offers the undo; it goes when the undo is no longer possible.
        var notice: Int
        var expiry: Task<Void, Never>
    }

    /// The key of the screen that brings a discarded dictation back.
    public static let undoDiscardKey = "U"

    /// Whether a discarded dictation can still be brought back.
    public var canUndoDiscard: Bool { !keptDiscards.isEmpty }

    /// Discards the selected session's dictation and keeps its audio for the grace period.
    func discardKeepingAudio() -> CommandOutcome {
        if let session = selected, let refusal = heldElsewhere(session) { return refusal }
        guard let session = selected, let discarded = session.discardKeepingAudio() else {
            return CommandOutcome(succeeded: false, message: tr("Nothing to discard: pause the recording first."))
        }
        let grace = dependencies.discardGracePeriod
        let period = TimeWords.duration(grace)
        let recorded = TimeWords.duration(discarded.recorded)
        let what = tr("the dictation of \"\(discarded.sessionName)\" (\(recorded))")
        let key = Self.undoDiscardKey
        // The key first: a narrow strip cuts the end of a line.
        let notice = notifier.post(
            .warning, tr("Press \(key) within \(period) to undo: the control socket discarded \(what)."),
            lasting: grace)
        let clock = dependencies.session.clock
        // Measured from the discard, however late the task begins to wait.
        let deadline = clock.now + grace
        let expiry = Task { [weak self] in
            do {
                try await clock.sleep(for: deadline - clock.now)
            } catch {
                return
            }
            self?.removeKeptAudio(of: discarded)
        }
        keptDiscards.append(KeptDiscard(dictation: discarded, notice: notice, expiry: expiry))
        return CommandOutcome(
            succeeded: true,
            message: tr(
                "Discarded \(what); its audio is kept for \(period): press \(key) at the station or run `ctl undo` to bring it back."
            ))
    }

    /// Brings the latest discarded dictation back into its session, paused with its audio.
    @discardableResult
    public func undoDiscard() -> CommandOutcome {
        guard let kept = keptDiscards.last else {
            return CommandOutcome(succeeded: false, message: tr("Nothing to undo: no discarded dictation is kept."))
        }
        let name = kept.dictation.sessionName
        guard let session = sessions.first(where: { $0.id == kept.dictation.sessionID }) else {
            // The session is gone, and the dictation has nowhere to come back to.
            removeKeptAudio(of: kept.dictation)
            return CommandOutcome(
                succeeded: false, message: tr("The session \"\(name)\" was deleted; its discarded dictation is gone."))
        }
        guard session.bringBack(kept.dictation) else {
            return CommandOutcome(
                succeeded: false,
                message: tr("\"\(session.name)\" holds another dictation now; the discarded one cannot come back."))
        }
        keptDiscards.removeLast()
        kept.expiry.cancel()
        notifier.dismiss(kept.notice)
        select(session.id)
        let elapsed = TimeWords.duration(session.elapsed)
        let message = tr("Brought back the dictation of \"\(session.name)\" (\(elapsed)), paused.")
        notifier.info(message)
        return CommandOutcome(succeeded: true, message: message)
    }

    /// Removes the audio of every dictation still kept, at once, and waits until it is gone: for a
    /// station that shuts down.
    public func removeKeptDiscards() async {
        let affected = sessions.filter { session in keptDiscards.contains { $0.dictation.sessionID == session.id } }
        for kept in keptDiscards { removeKeptAudio(of: kept.dictation) }
        for session in affected { await session.captureCalls.drain() }
    }

    /// The grace period is over (or the station stops): the audio goes as a discard's does.
    private func removeKeptAudio(of dictation: DiscardedDictation) {
        guard let index = keptDiscards.firstIndex(where: { $0.dictation == dictation }) else { return }
        let kept = keptDiscards.remove(at: index)
        kept.expiry.cancel()
        notifier.dismiss(kept.notice)
        if let session = sessions.first(where: { $0.id == dictation.sessionID }) {
            session.removeAudio(dictation.audioFile)
        } else {
            dependencies.session.removeAudio(dictation.audioFile)
        }
    }
}
