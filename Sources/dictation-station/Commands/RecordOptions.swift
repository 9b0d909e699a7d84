import ArgumentParsing
import Foundation
import Localization
import StationApp

/// `record [--source NAME] [--duration SECONDS] [--append] FILE.wav`.
enum RecordOptions {
    static let subcommand = Subcommand(name: "record") { arguments, globals in
        await RecordCommand.record(try parse(arguments), globals: globals)
    }

    static let syntax = CommandSyntax(
        [.value("--source"), .value("--duration"), .flag("--append")], maximumPositionals: 1, dashIsPositional: true)

    static func parse(_ arguments: [String]) throws(ArgumentError) -> RecordCommand.Options {
        let parsed = try syntax.parse(arguments)
        let seconds = try parsed.value("--duration") { Double($0).flatMap { $0 > 0 && $0.isFinite ? $0 : nil } }
        guard let file = parsed.positionals.first else { throw .missingArgument(tr("FILE.wav to record into")) }
        return RecordCommand.Options(
            source: parsed.value("--source"), duration: seconds.map { .milliseconds(Int64(($0 * 1000).rounded())) },
            append: parsed.has("--append"), file: URL(fileURLWithPath: file))
    }
}
