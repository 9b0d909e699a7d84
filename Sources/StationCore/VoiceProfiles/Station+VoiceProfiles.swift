import Foundation

/// After the station's author corrects or signs one of their own reports, their voice profile may be
/// due for training: the station asks the training port, one request at a time, and tells the author
/// what came of it. Corrections in a burst (signing a list) wait for the burst to end and make one
/// request.
extension Station {
    /// Called once a correction or signature of `report` is saved.
    public func reportReviewed(_ report: Report) {
        guard dependencies.voiceProfiles != nil, let author = dependencies.author, report.author == author else {
            return
        }
        voiceProfileState.pendingLocales.insert(report.locale)
        voiceProfileState.quietUntil = dependencies.session.clock.now + dependencies.voiceProfileQuietPeriod
        guard voiceProfileState.worker == nil else { return }
        voiceProfileState.worker = Task { [weak self] in await self?.trainPendingProfiles(author: author) }
    }

    /// Waits until the author has stopped correcting for the quiet period, then asks for each locale
    /// corrected; corrections made meanwhile make another round.
    private func trainPendingProfiles(author: String) async {
        defer { voiceProfileState.worker = nil }
        let clock = dependencies.session.clock
        while let training = dependencies.voiceProfiles, !voiceProfileState.pendingLocales.isEmpty {
            while clock.now < voiceProfileState.quietUntil {
                do {
                    try await clock.sleep(for: voiceProfileState.quietUntil - clock.now)
                } catch {
                    return
                }
            }
            let locale = voiceProfileState.pendingLocales.sorted()[0]
            voiceProfileState.pendingLocales.remove(locale)
            let outcome = await training.trainIfDue(author: author, locale: locale)
            dependencies.session.log.log(.info, "voice profile (\(locale)): \(Self.logLine(outcome))")
            if let notice = voiceProfileState.notices.notice(for: outcome, author: author) {
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
        case .updated(_, let before, let after, let heldBack):
            "updated, \(percent(before)) -> \(percent(after)) on \(heldBack) held back"
        case .kept(_, let current, let candidate, let heldBack):
            "kept, the new one scored \(percent(candidate)) against \(percent(current)) on \(heldBack) held back"
        case .failed(_, let reason): "failed: \(reason)"
        }
    }
}

/// The station's bookkeeping of training requests.
struct VoiceProfileState {
    var pendingLocales: Set<String> = []
    var quietUntil: Duration = .zero
    var worker: Task<Void, Never>?
    var notices = VoiceProfileNotices()
}
