import Foundation
import LocalClaims
import SQLiteStore
import SpeakerAdaptation
import SphinxSpeech
import StationCore
import StationTUI

/// `dictation-station import --session NAME [--locale LOCALE] FILE...`: turns recordings from a handheld
/// recorder into reports, transcribed (in an existing session's locale unless --locale says otherwise)
/// and stored, the audio copied into the data directory. A file that fails is reported and the others
/// are still imported; an import killed midway leaves its copy marked for `recover`.
enum ImportCommand {
    @MainActor static let subcommand = Subcommand(name: "import") { parser, globals in
        try await run(&parser, globals)
    }

    @MainActor
    static func run(_ parser: inout ArgumentParser, _ globals: GlobalOptions) async throws -> Int32 {
        var session: String?
        var locale: String?
        var files: [String] = []
        var dictation = ImportProperties()
        while let argument = parser.next() {
            let (name, inline) = ArgumentParser.split(argument)
            if try dictation.take(name, inline: inline, from: &parser) { continue }
            switch name {
            case "--session": session = try parser.value(for: name, inline: inline)
            case "--locale": locale = try parser.value(for: name, inline: inline)
            case "--": files += parser.rest()
            default:
                if argument.hasPrefix("-") { throw ArgumentError.unknownOption(argument) }
                files.append(argument)
            }
        }
        guard let session else { throw ArgumentError.missingArgument("--session NAME") }
        guard !files.isEmpty else { throw ArgumentError.missingArgument("FILE to import") }
        let author = try LoginUser.check(author: dictation.author)
        let workTypes = try WorkTypes.load(
            from: ConfigPaths.workTypes(environment: ProcessInfo.processInfo.environment))

        let paths = StationPaths.resolve(
            option: globals.dataDirectory, environment: ProcessInfo.processInfo.environment)
        try paths.createDirectories()
        let log = FileStationLog(file: paths.logFile)
        let database = try await CommandDatabase.open(paths, log: log)
        // Without --locale, the existing session's locale; for a new session the station's chosen one.
        let sessions = try await database.loadSessions()
        let existing = sessions.first { $0.name.lowercased() == session.lowercased() }
        let properties = try dictation.resolved(session: existing?.properties, workTypes: workTypes)
        let resolvedLocale = ImportLocale.resolve(
            option: locale,
            sessionLocale: ImportLocale.sessionLocale(named: session, in: sessions),
            chosen: try await database.setting(SettingKey.locale), fallback: TranscribeCommand.defaultLocale)
        let importer = DictationImporter(
            transcriber: SphinxTranscriber(paths: paths, log: log, speakers: SpeakerProfiles(paths: paths)),
            reports: database, paths: paths,
            clock: SystemClock(), log: log, marking: ImportMarkerFiles())
        let outcomes: [DictationImporter.Outcome]
        do {
            outcomes = try await importer.importRecordings(
                files.map { URL(fileURLWithPath: $0) }, session: session, locale: resolvedLocale, author: author,
                properties: properties)
        } catch {
            printError("dictation-station: \(error)")
            return CommandLineTool.Exit.failure
        }
        var failed = false
        for outcome in outcomes {
            switch outcome.result {
            case .success(let report):
                printText("Imported \(SafeText.line(outcome.file.path)) as report \(report.id).")
            case .failure(let error):
                failed = true
                printError("dictation-station: \(outcome.file.path): \(error)")
            }
        }
        return failed ? CommandLineTool.Exit.failure : CommandLineTool.Exit.success
    }
}
