import Foundation
import SpeakerAdaptation
import SphinxSpeech
import StationCore
import StationTUI

/// `dictation-station transcribe [--locale LOCALE] [--author AUTHOR] [--words] [--tsv] FILE...`: prints each
/// recording's transcript as a report's text starts (numbers as clinicians write them, en-US), or with
/// `--words` the decoder's words, with AUTHOR's voice profile when they have one (else the stock model).
/// All files share one loaded decoder; a file that fails is reported and the others still done.
enum TranscribeCommand {
    static let defaultLocale = "en-US"

    @MainActor static let subcommand = Subcommand(name: "transcribe") { parser, globals in
        try await run(&parser, globals)
    }

    @MainActor
    static func run(_ parser: inout ArgumentParser, _ globals: GlobalOptions) async throws -> Int32 {
        var locale = defaultLocale
        var tsv = false
        var words = false
        var author: String?
        var files: [String] = []
        while let argument = parser.next() {
            let (name, inline) = ArgumentParser.split(argument)
            switch name {
            case "--locale": locale = try parser.value(for: name, inline: inline)
            case "--tsv": tsv = true
            case "--words": words = true
            case "--author": author = try parser.value(for: name, inline: inline)
            case "--": files += parser.rest()
            default:
                if argument.hasPrefix("-") && argument != "-" { throw ArgumentError.unknownOption(argument) }
                files.append(argument)
            }
        }
        guard !files.isEmpty else { throw ArgumentError.missingArgument("FILE to transcribe") }

        let paths = StationPaths.resolve(
            option: globals.dataDirectory, environment: ProcessInfo.processInfo.environment)
        try paths.createDirectories()
        let log = FileStationLog(file: paths.logFile)
        // The station's own path: the author's sound profile, else the stock model.
        let transcriber = SphinxTranscriber(paths: paths, log: log, speakers: SpeakerProfiles(paths: paths))
        do {
            if let author { _ = try SpeakerProfiles.checkedAuthor(author) }
            try await transcriber.preload(locale: locale, speaker: author)
        } catch {
            printError("dictation-station: \(error)")
            return CommandLineTool.Exit.failure
        }
        var failed = false
        for file in files {
            do {
                let transcription = try await transcriber.transcribe(
                    file: URL(fileURLWithPath: file), locale: locale, speaker: author)
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
        return failed ? CommandLineTool.Exit.failure : CommandLineTool.Exit.success
    }
}
