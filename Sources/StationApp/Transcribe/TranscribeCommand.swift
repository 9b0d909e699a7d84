import Foundation
import Localization
import SpeakerAdaptation
import SphinxSpeech
import StationCore
import StationTUI

/// `dictation-station transcribe [--locale LOCALE] [--author AUTHOR] [--words] [--tsv] FILE...`: prints each
/// recording's transcript as a report's text starts (numbers as clinicians write them, en-US), or with
/// `--words` the decoder's words, with AUTHOR's voice profile when they have one (else the stock model):
/// with the clinic store, the profile and the clinic vocabulary are the store's (`ProfilesCommand.Stores`).
/// All files share one loaded decoder; a file that fails is reported and the others still done.
public enum TranscribeCommand {
    public static let defaultLocale = "en-US"

    /// What the command line asked for.
    public struct Request: Sendable {
        public var locale = TranscribeCommand.defaultLocale
        public var tsv = false
        public var words = false
        public var author: String?
        public var files: [String] = []
        public init() {}
    }

    @MainActor
    public static func run(_ request: Request, globals: GlobalOptions) async -> Int32 {
        let (locale, tsv, words, author, files) = (
            request.locale, request.tsv, request.words, request.author, request.files
        )
        let paths = StationPaths.resolve(
            option: globals.dataDirectory, environment: ProcessInfo.processInfo.environment)
        do {
            try paths.createDirectories()
        } catch {
            printError("dictation-station: \(error)")
            return ExitStatus.failure
        }
        let log = FileStationLog(file: paths.logFile)
        // The station's own path: the author's sound profile, else the stock model.
        let stores: ProfilesCommand.Stores
        do {
            stores = try await ProfilesCommand.Stores.open(globals: globals, paths: paths)
        } catch {
            printError("dictation-station: \(SafeText.line(String(describing: error)))")
            return ExitStatus.failure
        }
        let profiles = stores.profiles
        let transcriber = SphinxTranscriber(
            paths: paths, log: log, speakers: ProfileModels(profiles: profiles), clinicText: ConfigPaths.clinicText(),
            vocabulary: stores.vocabulary)
        do {
            if let author { _ = try SpeakerProfiles.checkedAuthor(author) }
            try await transcriber.preload(locale: locale, speaker: author)
        } catch {
            printError("dictation-station: \(error)")
            return ExitStatus.failure
        }
        var failed = false
        var said: Set<String> = []
        for file in files {
            do {
                let (transcription, model) = try await transcriber.transcribeNamingModel(
                    file: URL(fileURLWithPath: file), locale: locale, speaker: author)
                // Which model decoded, once (again only when it changes).
                let line = modelLine(model, author: author, profiles: profiles)
                if said.insert(line).inserted { printError(line) }
                if words {
                    if files.count > 1 && !tsv { printText("== \(SafeText.line(file)) ==") }
                    for line in TranscribedWords.lines(transcription.words, file: tsv ? file : nil) { print(line) }
                } else if tsv {
                    print("\(tsvField(file))\t\(tsvField(transcription.reportText))")
                } else {
                    if files.count > 1 { printText("== \(SafeText.line(file)) ==") }
                    printText(transcription.reportText)
                }
            } catch {
                failed = true
                printError("dictation-station: \(file): \(error)")
            }
        }
        return failed ? ExitStatus.failure : ExitStatus.success
    }

    /// Which model decoded, for standard error: the stock model, or whose voice profile and its kind; and
    /// when an author was named, whether they have a profile at all, or why it was not used.
    static func modelLine(_ model: DecodingModel, author: String?, profiles: any VoiceProfileStore) -> String {
        let locale = model.locale
        if let profile = model.profile, let author {
            return tr("Decoded with \(SafeText.line(author))'s \(locale) voice profile (\(profile.rawValue)).")
        }
        guard let author else { return tr("Decoded with the stock \(locale) model.") }
        let name = SafeText.line(author)
        guard profiles.record(author: author, locale: locale) != nil else {
            return tr("No \(locale) voice profile for \(name): decoded with the stock \(locale) model.")
        }
        return tr(
            "\(name)'s \(locale) voice profile could not be used (the log says why): decoded with the stock \(locale) model."
        )
    }
}
