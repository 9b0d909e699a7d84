import ArgumentParsing
import Localization
import StationApp

/// `blocks [list]`, `blocks add NAME… --text-file FILE`, `blocks remove NAME…` (a name of several words
/// may be typed with or without quotes).
enum BlocksOptions {
    static let subcommand = Subcommand(name: "blocks") { arguments, _ in
        BlocksCommand.run(try parse(arguments))
    }

    static let syntax = CommandSyntax([.value("--text-file")])

    static func parse(_ arguments: [String]) throws(ArgumentError) -> BlocksCommand.Action {
        let action = arguments.first ?? "list"
        let parsed = try syntax.parse(Array(arguments.dropFirst()))
        let name = parsed.positionals.joined(separator: " ")
        switch action {
        case "list":
            if let extra = parsed.positionals.first { throw .unexpectedArgument(extra) }
            return .list
        case "add":
            guard !name.isEmpty else { throw .missingArgument(tr("NAME after 'blocks add'")) }
            guard let file = parsed.value("--text-file") else { throw .missingValue("--text-file") }
            return .add(name: name, textFile: file)
        case "remove":
            guard !name.isEmpty else { throw .missingArgument(tr("NAME after 'blocks remove'")) }
            return .remove(name: name)
        default:
            throw .invalidValue(option: "blocks", value: action)
        }
    }
}
