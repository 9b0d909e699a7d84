import Foundation
import SQLiteStore
import SpeakerAdaptation
import SphinxSpeech
import StationCore
import StationTUI

/// `profiles`: lists the authors' voice profiles with the gain measured when each was kept;
/// `profiles update [--author A] [--locale L]` trains one from the author's corrected reports and keeps
/// it only if it beats the stock model and the profile in use on their newest reports, held back from
/// training; `profiles reset AUTHOR` removes one, so the author decodes with the stock model again.
enum ProfilesCommand {
    static let subcommand = Subcommand(name: "profiles") { parser, globals in
        let action = parser.next() ?? "list"
        var author: String?
        var locale = TranscribeCommand.defaultLocale
        var positional: [String] = []
        while let argument = parser.next() {
            let (name, inline) = ArgumentParser.split(argument)
            switch name {
            case "--author" where action == "update": author = try parser.value(for: name, inline: inline)
            case "--locale" where action == "update": locale = try parser.value(for: name, inline: inline)
            default:
                if argument.hasPrefix("-") { throw ArgumentError.unknownOption(SafeText.line(argument)) }
                positional.append(argument)
            }
        }
        let paths = StationPaths.resolve(
            option: globals.dataDirectory, environment: ProcessInfo.processInfo.environment)
        try paths.createDirectories()
        let profiles = SpeakerProfiles(paths: paths)
        switch action {
        case "list":
            if let extra = positional.first { throw ArgumentError.unexpectedArgument(SafeText.line(extra)) }
            list(profiles)
            return CommandLineTool.Exit.success
        case "reset":
            guard let name = positional.first else {
                throw ArgumentError.missingArgument("AUTHOR after 'profiles reset'")
            }
            if positional.count > 1 { throw ArgumentError.unexpectedArgument(SafeText.line(positional[1])) }
            do {
                let removed = try profiles.reset(author: name)
                print(
                    removed
                        ? "Removed the voice profile of \(SafeText.line(name)); the stock model decodes their dictations."
                        : "\(SafeText.line(name)) has no voice profile.")
                return CommandLineTool.Exit.success
            } catch {
                printError("dictation-station: \(SafeText.line(String(describing: error)))")
                return CommandLineTool.Exit.failure
            }
        case "update":
            if let extra = positional.first { throw ArgumentError.unexpectedArgument(SafeText.line(extra)) }
            return await update(profiles, author: author ?? currentUser(), locale: locale, paths: paths)
        default:
            throw ArgumentError.invalidValue(option: "profiles", value: SafeText.line(action))
        }
    }

    /// The author a dictation on this login belongs to: the logged-in user, as reports record it.
    static func currentUser() -> String { LoginUser.name }

    private static func list(_ profiles: SpeakerProfiles) {
        let records = profiles.all()
        guard !records.isEmpty else {
            print("No voice profiles: every dictation is decoded with the stock model.")
            return
        }
        print("AUTHOR\tLOCALE\tKIND\tTRAINED\tDICTATIONS\tSTOCK WER\tPROFILE WER\tGAIN")
        for record in records {
            print(
                [
                    SafeText.line(record.author), record.locale, record.kind.rawValue,
                    ISO8601DateFormatter().string(from: record.created),
                    "\(record.dictationsAligned) (+\(record.heldBack) held back)", percent(record.stockErrorRate),
                    percent(record.profileErrorRate), String(format: "%.1f points", record.gain),
                ].joined(separator: "\t"))
        }
    }

    @MainActor
    private static func update(
        _ profiles: SpeakerProfiles, author: String, locale: String, paths: StationPaths
    )
        async -> Int32
    {
        let name = SafeText.line(author)
        do {
            let base = try ModelLocator(modelsDirectory: paths.modelsDirectory).model(for: locale)
            let database = try await StationDatabase.open(paths)
            printError("Training a voice profile for \(name) (\(base.locale)) from their corrected reports…")
            let vocabulary = ClinicVocabulary(paths: paths)
            var updater = ProfileUpdater(profiles: profiles, scorer: SphinxScorer(vocabulary: vocabulary))
            updater.vocabulary = vocabulary
            let outcome = try await updater.update(
                author: author, base: base, source: ReportDictations(store: database), now: Date())
            print(
                "\(outcome.usable) of \(outcome.dictations) reports usable; trained on \(outcome.trained?.aligned ?? 0),"
                    + " checked on the newest \(outcome.heldBack).")
            print("Word error rate on those \(outcome.heldBack): stock model \(percent(outcome.stock))", terminator: "")
            if let previous = outcome.previous { print(", profile in use \(percent(previous))", terminator: "") }
            for candidate in outcome.candidates {
                print(", new \(candidate.kind.rawValue.uppercased()) \(percent(candidate.errorRate))", terminator: "")
            }
            print(".")
            if let record = outcome.accepted {
                print("Kept the new \(record.kind.rawValue.uppercased()) profile for \(name).")
            } else {
                print("Kept what \(name) had: the new profile was not better.")
            }
            return CommandLineTool.Exit.success
        } catch {
            printError("dictation-station: \(SafeText.line(String(describing: error)))")
            return CommandLineTool.Exit.failure
        }
    }

    static func percent(_ rate: WordErrorRate) -> String { String(format: "%.1f %%", rate.percent) }
}
