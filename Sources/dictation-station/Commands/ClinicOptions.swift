import ArgumentParsing
import Foundation
import Localization
import PostgresStore

/// `clinic init`, `clinic add-user NAME [--transcriptionist]`, `clinic status`, each with `--store`.
enum ClinicOptions {
    static let subcommand = Subcommand(name: "clinic") { arguments, _ in
        await ClinicCommand.run(try parse(arguments, environment: ProcessInfo.processInfo.environment))
    }

    static let syntax = CommandSyntax([.value("--store"), .flag("--transcriptionist")])

    /// What to do, and where the store is.
    struct Parsed: Equatable {
        var action: ClinicCommand.Action
        var store: StoreAddress
    }

    static func parse(_ arguments: [String], environment: [String: String]) throws(ArgumentError) -> Parsed {
        guard let action = arguments.first else {
            throw .missingArgument(tr("init, add-user or status after 'clinic'"))
        }
        let parsed = try syntax.parse(Array(arguments.dropFirst()))
        let store = StoreAddress.chosen(option: parsed.value("--store"), environment: environment)
        let positionals = parsed.positionals
        if action != "add-user", parsed.has("--transcriptionist") { throw .unexpectedArgument("--transcriptionist") }
        switch action {
        case "init", "status":
            if let extra = positionals.first { throw .unexpectedArgument(extra) }
            return Parsed(action: action == "init" ? .initialize : .status, store: store)
        case "add-user":
            guard let name = positionals.first else { throw .missingArgument(tr("NAME after 'clinic add-user'")) }
            if positionals.count > 1 { throw .unexpectedArgument(positionals[1]) }
            return Parsed(action: .addUser(name, transcriptionist: parsed.has("--transcriptionist")), store: store)
        default:
            throw .invalidValue(option: "clinic", value: action)
        }
    }
}
