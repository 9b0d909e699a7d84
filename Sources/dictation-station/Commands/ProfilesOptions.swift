import ArgumentParsing
import Localization
import StationApp

/// `profiles [list]`, `profiles reset AUTHOR`, `profiles update [--author A] [--locale L] [--if-due
/// [--every N]] [--json]`.
enum ProfilesOptions {
    static let subcommand = Subcommand(name: "profiles") { arguments, globals in
        await ProfilesCommand.run(try parse(arguments), globals: globals)
    }

    static let update = CommandSyntax(
        [.value("--author"), .value("--locale"), .flag("--if-due"), .flag("--json"), .value("--every")],
        maximumPositionals: 0)
    /// `list` and `reset` take no options.
    static let plain = CommandSyntax()

    static func parse(_ arguments: [String]) throws(ArgumentError) -> ProfilesCommand.Action {
        let action = arguments.first ?? "list"
        let rest = Array(arguments.dropFirst())
        switch action {
        case "update":
            let parsed = try update.parse(rest)
            var request = ProfilesCommand.UpdateRequest()
            request.author = parsed.value("--author")
            request.locale = parsed.value("--locale") ?? request.locale
            request.ifDue = parsed.has("--if-due")
            request.json = parsed.has("--json")
            request.every = try parsed.value("--every") { Int($0).flatMap { $0 > 0 ? $0 : nil } } ?? request.every
            return .update(request)
        case "list":
            let positionals = try plain.parse(rest).positionals
            if let extra = positionals.first { throw .unexpectedArgument(extra) }
            return .list
        case "reset":
            let positionals = try plain.parse(rest).positionals
            guard let name = positionals.first else { throw .missingArgument(tr("AUTHOR after 'profiles reset'")) }
            if positionals.count > 1 { throw .unexpectedArgument(positionals[1]) }
            return .reset(author: name)
        default:
            _ = try plain.parse(rest)
            throw .invalidValue(option: "profiles", value: action)
        }
    }
}
