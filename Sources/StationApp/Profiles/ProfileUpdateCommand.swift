import Foundation
import Localization
import SQLiteStore
import SpeakerAdaptation
import SphinxSpeech
import StationCore
import StationSystem
import StationTUI

/// `profiles update`: one `ScheduledProfileUpdate` of an author's profile from their corrected
/// reports, said in words, or as one JSON line (`--json`) for the station's background training.
/// Its outcome goes to station.log as well, so a training nobody waited for is still accounted for.
enum ProfileUpdateCommand {
    /// Seconds one training tool may run (default 600); for a disk that stalls, and for tests.
    static let toolDeadlineVariable = "DICTATION_STATION_TRAINING_TOOL_SECONDS"

    @MainActor
    static func run(
        _ request: ProfilesCommand.UpdateRequest, stores: ProfilesCommand.Stores, paths: StationPaths
    ) async
        -> Int32
    {
        let author = request.author ?? stores.user
        let profiles = stores.profiles
        let name = SafeText.line(author)
        let log = FileStationLog(file: paths.logFile)
        let locale = ModelLocator.canonical(request.locale)
        var reports = [ProfileUpdateReport(result: .failed, author: author, locale: locale)]
        do {
            let source = try await stores.dictations()
            if !request.json {
                printError(tr("Training a voice profile for \(name) (\(locale)) from their corrected reports…"))
            }
            let vocabulary = stores.vocabulary
            var updater = ProfileUpdater(profiles: profiles, scorer: SphinxScorer(vocabulary: vocabulary))
            updater.vocabulary = vocabulary
            updater.trainer = ProfileTrainer(tools: tools(environment: ProcessInfo.processInfo.environment))
            let locator = ModelLocator(modelsDirectory: paths.modelsDirectory)
            updater.pronounce = NewWordPronunciation.pronouncer(locator: locator)
            // A training typed by hand says what came of it, so it never joins another; one after a
            // correction (--if-due) joins the training that waits, if one does.
            let schedule = ScheduledProfileUpdate(updater: updater, every: request.every)
            reports = await QueuedProfileUpdates(schedule: schedule, local: stores.local)
                .run(
                    .init(author: author, locale: locale), mayJoin: request.ifDue, ifDue: request.ifDue,
                    inherited: TrainingQueue.inheritedWaitingPlace(
                        environment: ProcessInfo.processInfo.environment, profiles: stores.local),
                    base: { try locator.model(for: $0) }, source: source,
                    now: SystemClock().wallTime,
                    waiting: { [json = request.json] in
                        if !json {
                            printError(
                                tr("Another voice profile training runs on this data directory; waiting for it…"))
                        }
                    }, log: log)
        } catch {
            log.log(.error, "voice profile training could not begin: \(error)")
            reports[0].reason = tr("the reports could not be opened")
        }
        for report in reports {
            log.log(report.result == .failed ? .warning : .info, "voice profile \(logLine(report))")
        }
        let own = reports[0]
        if request.json {
            reports.forEach { print($0.jsonLine()) }
        } else {
            say(own, name: name)
        }
        return exitStatus(own)
    }

    /// One rule, with or without `--json`: 1 when no profile could be trained (too few usable
    /// dictations, or a failure), else 0 (a profile trained, kept or refused; not due; joined).
    static func exitStatus(_ report: ProfileUpdateReport) -> Int32 {
        switch report.result {
        case .failed, .collecting: ExitStatus.failure
        case .updated, .kept, .notDue, .joined: ExitStatus.success
        }
    }

    /// The training tools, with the deadline `DICTATION_STATION_TRAINING_TOOL_SECONDS` sets.
    static func tools(environment: [String: String]) -> TrainingTools {
        guard let raw = environment[toolDeadlineVariable],
            let seconds = Double(raw.trimmingCharacters(in: .whitespaces)), seconds > 0
        else { return TrainingTools() }
        return TrainingTools(timeout: .milliseconds(Int64(seconds * 1000)))
    }

    /// The outcome for the log: figures only. The station's notification wording goes there too, so a
    /// training after a command-line correction is visible as the screen would have said it.
    static func logLine(_ report: ProfileUpdateReport) -> String {
        var notices = VoiceProfileNotices()
        let notes = report.notes
        var said =
            notices.notice(for: report.outcome, author: report.author)?.message
            ?? (report.result == .joined
                ? "Voice profile (\(report.locale)): joined the training waiting to run."
                : "Voice profile (\(report.locale)): not due (\(report.usable ?? 0) usable dictations).")
        // Counts only: the reports' numbers and the words stay on the author's screen.
        if !notes.isEmpty { said += " \(notes.leftOut.count) report(s) left out, \(notes.newWords.count) new word(s)." }
        return "training for \(SafeText.line(report.author)): \(said)"
    }

    private static func say(_ report: ProfileUpdateReport, name: String) {
        sayNotes(report.notes)
        switch report.result {
        case .failed:
            let reason = report.reason ?? tr("unknown cause")
            printError("dictation-station: " + tr("the voice profile was not trained: \(reason)."))
        case .collecting:
            let usable = report.usable ?? 0
            let needed = report.needed ?? 0
            let more = max(0, needed - usable)
            printError(
                "dictation-station: "
                    + tr(
                        more,
                        one:
                            "\(more) more corrected dictation is needed before a profile can be trained (\(usable) of \(needed) so far).",
                        other:
                            "\(more) more corrected dictations are needed before a profile can be trained (\(usable) of \(needed) so far)."
                    ))
        case .notDue:
            print(tr("Not due: fewer new corrected reports since the last training than --every asks."))
        case .joined:
            print(tr("Another voice profile training was waiting to run; it trains this one too (see station.log)."))
        case .updated, .kept:
            let compared = report.heldBack ?? 0
            print(
                tr(
                    compared,
                    one:
                        "\(report.usable ?? 0) reports usable; compared on the newest \(compared), decoded by candidates trained without it.",
                    other:
                        "\(report.usable ?? 0) reports usable; compared on the newest \(compared), each decoded by candidates trained without it (\(report.comparison?.folds ?? 0) rounds)."
                ))
            if let comparison = report.comparison {
                print(tr("Word errors: \(ComparisonText.figures(comparison))."))
                print(ComparisonText.decision(comparison, name: name))
            }
        }
    }

    /// The reports left out and why, and the new words with the phones they were trained with,
    /// proposed to the clinic vocabulary.
    private static func sayNotes(_ notes: TrainingNotes) {
        if !notes.leftOut.isEmpty {
            let count = notes.leftOut.count
            print(
                tr(
                    count, one: "\(count) corrected report left out of training:",
                    other: "\(count) corrected reports left out of training:"))
            for report in notes.leftOut { printText("  \(report.said)") }
        }
        if !notes.newWords.isEmpty {
            let count = notes.newWords.count
            print(
                tr(
                    count, one: "\(count) new word, trained as flite's rules say it:",
                    other: "\(count) new words, trained as flite's rules say them:"))
            for word in notes.newWords {
                printText("  \(word.word)\t\(word.phones.joined(separator: " "))")
            }
            print(
                tr(
                    "Proposed for the clinic vocabulary, so that dictation recognizes them too: dictation-station vocabulary add WORD [\"PHONES\"]"
                ))
        }
    }

    private static func percent(_ value: Double?) -> String { String(format: "%.1f %%", value ?? 0) }
}
