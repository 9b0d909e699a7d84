import Foundation
import Localization
import PostgresStore
import SQLiteStore
import SpeakerAdaptation
import SphinxSpeech
import StationCore
import StationTUI

/// `profiles`: lists the authors' voice profiles with the gain measured when each was kept;
/// `profiles update [--author A] [--locale L] [--if-due [--every N]] [--json]` trains one from the
/// author's corrected reports and keeps it only if it beats the stock model and the profile in use on
/// their newest reports, held back from training (`--if-due`: only when N new corrected reports came
/// since the last training; `--json`: one line saying what it did, as the station's background
/// training reads it); `profiles reset AUTHOR` removes one, so the author decodes with the stock model
/// again.
public enum ProfilesCommand {
    /// What `profiles update` was asked.
    public struct UpdateRequest: Sendable {
        public var author: String?
        public var locale = TranscribeCommand.defaultLocale
        public var ifDue = false
        public var every = ScheduledProfileUpdate.defaultEvery
        public var json = false
        public init() {}
    }

    /// What the command line asked for.
    public enum Action: Sendable {
        case list
        case reset(author: String)
        case update(UpdateRequest)
    }

    @MainActor
    public static func run(_ action: Action, globals: GlobalOptions) async -> Int32 {
        let paths = StationPaths.resolve(
            option: globals.dataDirectory, environment: ProcessInfo.processInfo.environment)
        // A background check after a correction never makes a data directory (one removed since). With
        // the clinic store, the data directory holds no database of its own.
        let clinic = (try? StoreInUse.resolve(globals: globals, environment: ProcessInfo.processInfo.environment))
            .map { $0 != .local } ?? false
        if case .update(let request) = action, request.ifDue,
            !FileManager.default.fileExists(atPath: (clinic ? paths.dataDirectory : paths.database).path)
        {
            if request.json {
                print(
                    ProfileUpdateReport(result: .notDue, author: request.author ?? "", locale: request.locale)
                        .jsonLine())
            }
            return ExitStatus.success
        }
        do {
            try paths.createDirectories()
        } catch {
            printError("dictation-station: \(error)")
            return ExitStatus.failure
        }
        let stores: Stores
        do {
            stores = try await Stores.open(globals: globals, paths: paths)
        } catch {
            printError("dictation-station: \(SafeText.line(String(describing: error)))")
            return ExitStatus.failure
        }
        defer { stores.finish() }
        let profiles = stores.profiles
        switch action {
        case .list:
            list(profiles)
            return ExitStatus.success
        case .reset(let name):
            do {
                let removed = try profiles.reset(author: name)
                let author = SafeText.line(name)
                print(
                    removed
                        ? tr("Removed the voice profile of \(author); the stock model decodes their dictations.")
                        : tr("\(author) has no voice profile."))
                return ExitStatus.success
            } catch {
                printError("dictation-station: \(SafeText.line(String(describing: error)))")
                return ExitStatus.failure
            }
        case .update(let request):
            return await ProfileUpdateCommand.run(request, stores: stores, paths: paths)
        }
    }

    /// The author a dictation on this login belongs to: the logged-in user, as reports record it.
    static func currentUser() -> String { LoginUser.name }

    private static func list(_ profiles: any VoiceProfileStore) {
        let records = profiles.all()
        let attempts = profiles.allAttempts().filter { $0.attempt.comparison != nil }
        guard !records.isEmpty || !attempts.isEmpty else {
            print(tr("No voice profiles: every dictation is decoded with the stock model."))
            return
        }
        if records.isEmpty {
            print(tr("No voice profiles in use: every dictation is decoded with the stock model."))
        } else {
            let headings = [
                tr("AUTHOR"), tr("LOCALE"), tr("KIND"), tr("TRAINED"), tr("DICTATIONS"), tr("STOCK WER"),
                tr("PROFILE WER"), tr("GAIN"),
            ]
            print(headings.joined(separator: "\t"))
        }
        for record in records {
            print(
                [
                    SafeText.line(record.author), record.locale, record.kind.rawValue,
                    ISO8601DateFormatter().string(from: record.created),
                    tr("\(record.dictationsAligned) (+\(record.heldBack) held back)"), percent(record.stockErrorRate),
                    percent(record.profileErrorRate), tr("\(String(format: "%.1f", record.gain)) points"),
                ].joined(separator: "\t"))
        }
        guard !attempts.isEmpty else { return }
        // The latest comparison of each, the refused ones too, MAP's and MLLR's figures side by side.
        print("")
        print(tr("Latest comparisons (word errors on the author's dictations, each decoded held back):"))
        for (author, locale, attempt) in attempts {
            guard let comparison = attempt.comparison else { continue }
            let outcome = comparison.kept.map { tr("kept \($0.rawValue.uppercased())") } ?? tr("refused")
            printText(
                "\(SafeText.line(author))\t\(locale)\t\(ISO8601DateFormatter().string(from: comparison.date))\t"
                    + tr("\(comparison.sentences) dictations, \(comparison.folds) rounds: ")
                    + "\(ComparisonText.figures(comparison)): \(outcome)")
        }
    }

    static func percent(_ rate: WordErrorRate) -> String { String(format: "%.1f %%", rate.percent) }
}
