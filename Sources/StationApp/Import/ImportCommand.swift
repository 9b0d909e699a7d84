import Foundation
import LocalClaims
import Localization
import SQLiteStore
import SpeakerAdaptation
import SphinxSpeech
import StationCore
import StationTUI

/// `dictation-station import --session NAME [--locale LOCALE] FILE...`: turns recordings from a handheld
/// recorder into reports, transcribed (in an existing session's locale unless --locale says otherwise)
/// and stored, the audio copied into the data directory. A file that fails is reported and the others
/// are still imported; an import killed midway leaves its copy marked for `recover`.
public enum ImportCommand {
    /// What the command line asked for.
    public struct Request: Sendable {
        public var session: String
        public var locale: String?
        public var files: [String]
        public var dictation: ImportProperties
        public init(session: String, locale: String?, files: [String], dictation: ImportProperties) {
            self.session = session
            self.locale = locale
            self.files = files
            self.dictation = dictation
        }
    }

    @MainActor
    public static func run(_ request: Request, globals: GlobalOptions) async throws -> Int32 {
        let (session, locale, files, dictation) = (request.session, request.locale, request.files, request.dictation)
        let workTypes = try WorkTypes.load(
            from: ConfigPaths.workTypes(environment: ProcessInfo.processInfo.environment))

        let paths = StationPaths.resolve(
            option: globals.dataDirectory, environment: ProcessInfo.processInfo.environment)
        try paths.createDirectories()
        let log = FileStationLog(file: paths.logFile)
        let opened = try await OpenedStore.open(globals: globals, paths: paths, log: log)
        let database = opened.store
        let author = try opened.check(author: dictation.author)
        // Without --locale, the existing session's locale; for a new session the station's chosen one.
        let sessions = try await database.loadSessions()
        let existing = sessions.first { $0.name.lowercased() == session.lowercased() }
        let properties = try dictation.resolved(session: existing?.properties, workTypes: workTypes)
        let resolvedLocale = ImportLocale.resolve(
            option: locale,
            sessionLocale: ImportLocale.sessionLocale(named: session, in: sessions),
            chosen: try await database.setting(SettingKey.locale), fallback: TranscribeCommand.defaultLocale)
        let importer = DictationImporter(
            transcriber: SphinxTranscriber(
                paths: paths, log: log, speakers: ProfileModels(profiles: opened.voiceProfiles),
                clinicText: ConfigPaths.clinicText(),
                vocabulary: opened.vocabulary.folder),
            reports: database, paths: paths,
            clock: SystemClock(), log: log, marking: ImportMarkerFiles())
        let outcomes: [DictationImporter.Outcome]
        do {
            outcomes = try await importer.importRecordings(
                files.map { URL(fileURLWithPath: $0) }, session: session, locale: resolvedLocale, author: author,
                properties: properties)
        } catch {
            printError("dictation-station: \(error)")
            return ExitStatus.failure
        }
        var failed = false
        for outcome in outcomes {
            switch outcome.result {
            case .success(let report):
                printText(tr("Imported \(SafeText.line(outcome.file.path)) as report \(report.id)."))
            case .failure(let error):
                failed = true
                printError("dictation-station: \(outcome.file.path): \(error)")
            }
        }
        return failed ? ExitStatus.failure : ExitStatus.success
    }
}
