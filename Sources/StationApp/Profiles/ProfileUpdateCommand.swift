import Foundation
import Localization
import SQLiteStore
import SpeakerAdaptation
import SphinxSpeech
import StationCore
import StationTUI

/// `profiles update`: one `ScheduledProfileUpdate` of an author's profile from their corrected
/// reports, said in words, or as one JSON line (`--json`) for the station's background training.
/// Its outcome goes to station.log as well, so a training nobody waited for is still accounted for.
enum ProfileUpdateCommand {
    @MainActor
    static func run(
        _ request: ProfilesCommand.UpdateRequest, profiles: SpeakerProfiles, paths: StationPaths
    ) async
        -> Int32
    {
        let author = request.author ?? ProfilesCommand.currentUser()
        let name = SafeText.line(author)
        let log = FileStationLog(file: paths.logFile)
        var report = ProfileUpdateReport(result: .failed, author: author, locale: request.locale)
        do {
            let base = try ModelLocator(modelsDirectory: paths.modelsDirectory).model(for: request.locale)
            let database = try await StationDatabase.open(paths)
            if !request.json {
                printError(tr("Training a voice profile for \(name) (\(base.locale)) from their corrected reports…"))
            }
            let vocabulary = ClinicVocabulary(paths: paths)
            var updater = ProfileUpdater(profiles: profiles, scorer: SphinxScorer(vocabulary: vocabulary))
            updater.vocabulary = vocabulary
            report = await ScheduledProfileUpdate(updater: updater, every: request.every)
                .run(
                    author: author, base: base, source: ReportDictations(store: database), now: SystemClock().wallTime,
                    ifDue: request.ifDue,
                    waiting: { [json = request.json] in
                        if !json {
                            printError(
                                tr("Another voice profile training runs on this data directory; waiting for it…"))
                        }
                    }, log: log)
        } catch {
            log.log(.error, "voice profile training could not begin: \(error)")
            report.reason = tr("the \(request.locale) speech model or the reports could not be opened")
        }
        log.log(report.result == .failed ? .warning : .info, "voice profile \(logLine(report))")
        if request.json {
            print(report.jsonLine())
            return report.result == .failed ? ExitStatus.failure : ExitStatus.success
        }
        return say(report, name: name)
    }

    /// The outcome for the log: figures only. The station's notification wording goes there too, so a
    /// training after a command-line correction is visible as the screen would have said it.
    static func logLine(_ report: ProfileUpdateReport) -> String {
        var notices = VoiceProfileNotices()
        let said =
            notices.notice(for: report.outcome, author: report.author)?.message
            ?? "Voice profile (\(report.locale)): not due (\(report.usable ?? 0) usable dictations)."
        return "training for \(SafeText.line(report.author)): \(said)"
    }

    private static func say(_ report: ProfileUpdateReport, name: String) -> Int32 {
        switch report.result {
        case .failed:
            let reason = report.reason ?? tr("unknown cause")
            printError("dictation-station: " + tr("the voice profile was not trained: \(reason)."))
            return ExitStatus.failure
        case .collecting:
            let (usable, needed) = (report.usable ?? 0, report.needed ?? 0)
            printError(
                "dictation-station: "
                    + tr(
                        usable,
                        one: "only \(usable) corrected dictation can be used; a profile needs at least \(needed).",
                        other: "only \(usable) corrected dictations can be used; a profile needs at least \(needed)."))
            return ExitStatus.failure
        case .notDue:
            print(tr("Not due: fewer new corrected reports since the last training than --every asks."))
            return ExitStatus.success
        case .updated, .kept:
            let heldBack = report.heldBack ?? 0
            let usable = report.usable ?? 0
            print(
                tr(
                    usable, one: "\(usable) report usable; checked on the newest \(heldBack), trained on the others.",
                    other: "\(usable) reports usable; checked on the newest \(heldBack), trained on the others."))
            let (stock, candidate) = (percent(report.stockPercent), percent(report.candidatePercent))
            let kind = report.kind?.uppercased() ?? ""
            if let previous = report.previousPercent.map(percent) {
                print(
                    tr(
                        "Word error rate on those \(heldBack): stock model \(stock), profile in use \(previous), new \(kind) \(candidate)."
                    ))
            } else {
                print(tr("Word error rate on those \(heldBack): stock model \(stock), new \(kind) \(candidate)."))
            }
            if report.result == .updated {
                print(tr("Kept the new \(kind) profile for \(name)."))
            } else {
                print(tr("Kept what \(name) had: the new profile was not better."))
            }
            return ExitStatus.success
        }
    }

    private static func percent(_ value: Double?) -> String { String(format: "%.1f %%", value ?? 0) }
}
