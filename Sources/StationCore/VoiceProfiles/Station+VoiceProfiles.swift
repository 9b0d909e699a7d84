import Foundation

/// A running station delivers training requests in batches: the requests `ReportDesk` makes after its
/// author corrected or signed their own reports go to the training port one at a time, once the
/// corrections pause (signing a list makes one request), and the author is told what came of it.
extension Station: ProfileTrainingRequests {
    /// Notes the request; it goes out once no other came for the quiet period.
    public func requestTraining(author: String, locale: String) {
        guard dependencies.voiceProfiles != nil else { return }
        voiceProfileState.pending.insert(ProfileTrainingRequest(author: author, locale: locale))
        voiceProfileState.quietUntil = dependencies.session.clock.now + dependencies.voiceProfileQuietPeriod
        guard voiceProfileState.worker == nil else { return }
        voiceProfileState.worker = Task { [weak self] in await self?.trainPendingProfiles() }
    }

    /// Waits until the author has stopped correcting for the quiet period, then asks for each locale
    /// corrected; requests made meanwhile make another round.
    private func trainPendingProfiles() async {
        defer { voiceProfileState.worker = nil }
        let clock = dependencies.session.clock
        while let training = dependencies.voiceProfiles, !voiceProfileState.pending.isEmpty {
            while clock.now < voiceProfileState.quietUntil {
                do {
                    try await clock.sleep(for: voiceProfileState.quietUntil - clock.now)
                } catch {
                    return
                }
            }
            guard let next = voiceProfileState.pending.min() else { break }
            voiceProfileState.pending.remove(next)
            let outcome = await training.trainIfDue(author: next.author, locale: next.locale)
            dependencies.session.log.log(.info, "voice profile (\(next.locale)): \(Self.logLine(outcome))")
            for notice in voiceProfileState.notices.notices(for: outcome, author: next.author) {
                notifier.post(notice.kind, notice.message)
            }
        }
    }

    /// Waits until no training request is pending or running (for tests and an orderly quit).
    public func settleVoiceProfiles() async {
        while let worker = voiceProfileState.worker { await worker.value }
    }

    private static func percent(_ value: Double) -> String { String(format: "%.1f %%", value) }

    static func logLine(_ outcome: VoiceProfileTrainingOutcome) -> String {
        switch outcome {
        case .collecting(_, let usable, let needed): "\(usable) of \(needed) corrected dictations"
        case .notDue: "not due"
        case .joined: "joined the training waiting to run"
        case .updated(_, let before, let after, let heldBack):
            "updated, \(percent(before)) -> \(percent(after)) on \(heldBack) held back"
        case .kept(_, let current, let candidate, let heldBack):
            "kept, the new one scored \(percent(candidate)) against \(percent(current)) on \(heldBack) held back"
        case .failed(_, let reason): "failed: \(reason)"
        case .noted(let outcome, let notes):
            "\(logLine(outcome)); \(notes.leftOut.count) report(s) left out, \(notes.newWords.count) new word(s)"
        }
    }
}

/// One author's profile in one locale, to be asked for.
struct ProfileTrainingRequest: Hashable, Comparable {
    var author: String
    var locale: String

    static func < (left: Self, right: Self) -> Bool { (left.author, left.locale) < (right.author, right.locale) }
}

/// The station's bookkeeping of training requests.
struct VoiceProfileState {
    var pending: Set<ProfileTrainingRequest> = []
    var quietUntil: Duration = .zero
    var worker: Task<Void, Never>?
    var notices = VoiceProfileNotices()
}
