import ArgumentParsing
import Localization
import StationApp

/// `transcribe [--locale LOCALE] [--author AUTHOR] [--words] [--tsv] FILE...` (`-` is standard input).
enum TranscribeOptions {
    static let subcommand = Subcommand(name: "transcribe") { arguments, globals in
        await TranscribeCommand.run(try parse(arguments), globals: globals)
    }

    static let syntax = CommandSyntax(
        [.value("--locale"), .flag("--tsv"), .flag("--words"), .value("--author")], dashIsPositional: true,
        doubleDashEndsOptions: true)

    static func parse(_ arguments: [String]) throws(ArgumentError) -> TranscribeCommand.Request {
        let parsed = try syntax.parse(arguments)
        var request = TranscribeCommand.Request()
        request.locale = parsed.value("--locale") ?? request.locale
        request.tsv = parsed.has("--tsv")
        request.words = parsed.has("--words")
        request.author = parsed.value("--author")
        request.files = parsed.positionals
        guard !request.files.isEmpty else { throw .missingArgument(tr("FILE to transcribe")) }
        return request
    }
}
