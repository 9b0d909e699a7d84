import Foundation
import Localization
import StationCore
import StationSystem

/// What `profiles update` does with its turn of the data directory's `TrainingQueue`: it waits for the
/// training that runs (unless another waits already and it may join that one), reclaims what a
/// killed training left, then updates every profile asked for meanwhile, its own first.
public struct QueuedProfileUpdates: Sendable {
    public var schedule: ScheduledProfileUpdate
    /// The data directory's profiles folder, which holds the workstation's training queue and what a
    /// killed training left (wherever the profiles themselves are kept).
    public var local: SpeakerProfiles

    public init(schedule: ScheduledProfileUpdate, local: SpeakerProfiles) {
        self.schedule = schedule
        self.local = local
    }

    /// The reports of the updates made in this turn, `request`'s first; `request`'s alone, as
    /// `joined`, when the request joined a waiting training. The others' are always "if due": each is
    /// a request after a correction. `base` finds a locale's speech model; `waiting` is called before
    /// waiting for another training; `inherited` is the waiting place the parent took for this process.
    public func run(
        _ request: TrainingQueue.Request, mayJoin: Bool, ifDue: Bool, inherited: FileLock? = nil,
        base: @Sendable (String) throws -> SpeechModel, source: any CorrectedDictations, now: Date,
        waiting: @Sendable () -> Void = {}, log: any StationLog = SilentLog()
    ) async -> [ProfileUpdateReport] {
        var own = ProfileUpdateReport(result: .failed, author: request.author, locale: request.locale)
        do {
            _ = try SpeakerProfiles.checkedAuthor(request.author)
        } catch {
            own.reason = error.summary
            return [own]
        }
        let queue = TrainingQueue(profiles: local)
        defer { queue.leave() }
        let requests: [TrainingQueue.Request]
        do {
            switch try queue.enter(request, mayJoin: mayJoin, inherited: inherited, waiting: waiting) {
            case .joined:
                own.result = .joined
                return [own]
            case .running(let asked): requests = asked
            }
        } catch {
            own.reason = ScheduledProfileUpdate.reason(error)
            return [own]
        }
        let reclaimed = local.reclaimScratch()
        if reclaimed > 0 { log.log(.info, "removed \(reclaimed) training folder(s) a stopped training left") }

        var reports: [ProfileUpdateReport] = []
        for next in [request] + requests.filter({ $0 != request }) {
            guard (try? SpeakerProfiles.checkedAuthor(next.author)) != nil else { continue }
            let model: SpeechModel
            do {
                model = try base(next.locale)
            } catch {
                var failed = ProfileUpdateReport(result: .failed, author: next.author, locale: next.locale)
                failed.reason = tr("no \(next.locale) speech model is installed")
                reports.append(failed)
                continue
            }
            reports.append(
                await schedule.run(
                    author: next.author, base: model, source: source, now: now,
                    ifDue: next == request ? ifDue : true, log: log))
        }
        return reports
    }
}
