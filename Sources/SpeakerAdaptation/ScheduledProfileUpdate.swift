import Foundation
import Localization
import StationCore
import StationSystem

/// One update of an author's profile as `profiles update` runs it, by hand or in the background, in its
/// turn of the data directory's `TrainingQueue` (`QueuedProfileUpdates`), and — when asked only if
/// due — only once enough new corrected dictations are there. Every training, kept,
/// refused or failed, is remembered, so a failing one is not retried at each correction.
public struct ScheduledProfileUpdate: Sendable {
    public var updater: ProfileUpdater
    /// New usable dictations since the last training before the next one is due.
    public var every: Int

    /// Ten new corrected dictations since the last training make an update due.
    public static let defaultEvery = 10

    public init(updater: ProfileUpdater, every: Int = ScheduledProfileUpdate.defaultEvery) {
        self.updater = updater
        self.every = max(1, every)
    }

    var profiles: any VoiceProfileStore { updater.profiles }

    /// Updates `author`'s profile for `base`'s locale (when due only, if `ifDue`). Only in a turn of the
    /// `TrainingQueue`: no other training runs on the data directory meanwhile.
    public func run(
        author: String, base: SpeechModel, source: any CorrectedDictations, now: Date, ifDue: Bool,
        log: any StationLog = SilentLog()
    ) async -> ProfileUpdateReport {
        var report = ProfileUpdateReport(result: .failed, author: author, locale: base.locale)
        do {
            let author = try SpeakerProfiles.checkedAuthor(author)
            let dictations = try await source.dictations(author: author, locale: base.locale)
            let selection = try updater.select(dictations, base: base)
            let usable = selection.usable
            report.notes = selection.notes
            report.usable = usable.count
            report.needed = updater.needed(usable: usable.count)
            if usable.count < updater.needed(usable: usable.count) {
                report.result = .collecting
                return report
            }
            if ifDue, !isDue(author: author, locale: base.locale, usable: usable) {
                report.result = .notDue
                return report
            }
            var attempt = TrainingAttempt(date: now, dictations: Set(usable.map(TrainingAttempt.key)))
            do {
                let outcome = try await updater.update(
                    author: author, base: base, source: ListedDictations([author: dictations]), now: now)
                attempt.comparison = outcome.comparison
                try profiles.recordAttempt(attempt, author: author, locale: base.locale)
                report.fill(from: outcome)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                try? profiles.recordAttempt(attempt, author: author, locale: base.locale)
                throw error
            }
        } catch let error as AdaptationError {
            if case .notEnoughDictations(let usable, let needed) = error {
                report.result = .collecting
                report.usable = usable
                report.needed = needed
            } else {
                report.reason = error.summary
            }
        } catch {
            log.log(.error, "voice profile training failed: \(error)")
            report.reason = Self.reason(error)
        }
        return report
    }

    /// Whether `every` usable dictations are new since the last training (or, for a profile from
    /// before such trainings were remembered, since it was made); a first profile is due at once.
    public func isDue(author: String, locale: String, usable: [CorrectedDictation]) -> Bool {
        if let attempt = profiles.lastAttempt(author: author, locale: locale) {
            return usable.filter { !attempt.dictations.contains(TrainingAttempt.key(of: $0)) }.count >= every
        }
        guard let record = profiles.record(author: author, locale: locale) else { return true }
        return usable.filter { $0.created > record.created }.count >= every
    }

    /// A failure said without its details (a file path may name a patient's recording).
    static func reason(_ error: any Error) -> String {
        if error is TrainingLockFailure { return String(describing: error) }
        // The failure's words alone: its file may be a patient's recording.
        if let error = error as? Errno { return error.reason }
        if error is CocoaError { return tr("a file could not be read or written (see station.log)") }
        return tr("an unexpected error (see station.log)")
    }
}

extension ProfileUpdateReport {
    mutating func fill(from outcome: ProfileUpdater.Outcome) {
        usable = outcome.usable
        heldBack = outcome.heldBack
        stockPercent = outcome.stock.percent
        previousPercent = outcome.previous?.percent
        let best = outcome.candidates.min { $0.errorRate.percent < $1.errorRate.percent }
        candidatePercent = outcome.accepted?.profileErrorRate.percent ?? best?.errorRate.percent
        kind = (outcome.accepted?.kind ?? best?.kind)?.rawValue
        trainingSeconds = outcome.trainingSeconds
        comparison = outcome.comparison
        notes = outcome.notes
        result = outcome.accepted == nil ? .kept : .updated
    }
}
