import Foundation
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
enum ProfilesCommand {
    /// What `profiles update` was asked.
    struct UpdateRequest {
        var author: String?
        var locale = TranscribeCommand.defaultLocale
        var ifDue = false
        var every = ScheduledProfileUpdate.defaultEvery
        var json = false
    }

    static let subcommand = Subcommand(name: "profiles") { parser, globals in
        let action = parser.next() ?? "list"
        var request = UpdateRequest()
        var positional: [String] = []
        while let argument = parser.next() {
            let (name, inline) = ArgumentParser.split(argument)
            switch name {
            case "--author" where action == "update": request.author = try parser.value(for: name, inline: inline)
            case "--locale" where action == "update": request.locale = try parser.value(for: name, inline: inline)
            case "--if-due" where action == "update": request.ifDue = true
            case "--json" where action == "update": request.json = true
            case "--every" where action == "update":
                let value = try parser.value(for: name, inline: inline)
                guard let every = Int(value), every > 0 else {
                    throw ArgumentError.invalidValue(option: name, value: SafeText.line(value))
                }
                request.every = every
            default:
                if argument.hasPrefix("-") { throw ArgumentError.unknownOption(SafeText.line(argument)) }
                positional.append(argument)
            }
        }
        let paths = StationPaths.resolve(
            option: globals.dataDirectory, environment: ProcessInfo.processInfo.environment)
        // A background check after a correction never makes a data directory (one removed since).
        if request.ifDue, !FileManager.default.fileExists(atPath: paths.database.path) {
            if request.json {
                print(
                    ProfileUpdateReport(result: .notDue, author: request.author ?? "", locale: request.locale)
                        .jsonLine())
            }
            return CommandLineTool.Exit.success
        }
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
            return await ProfileUpdateCommand.run(request, profiles: profiles, paths: paths)
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

    static func percent(_ rate: WordErrorRate) -> String { String(format: "%.1f %%", rate.percent) }
}
