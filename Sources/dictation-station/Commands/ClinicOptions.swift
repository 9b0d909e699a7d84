import ArgumentParsing
import Foundation
import Localization
import PostgresStore

/// `clinic init`, `clinic add-user NAME [--transcriptionist] [--password-from-stdin]`, `clinic status`,
/// `clinic import-station DIR`, each with `--store`.
enum ClinicOptions {
    static let subcommand = Subcommand(name: "clinic") { arguments, globals in
        await ClinicCommand.run(
            try parse(arguments, globalStore: globals.store), environment: ProcessInfo.processInfo.environment)
    }

    static let syntax = CommandSyntax([
        .value("--store"), .flag("--transcriptionist"), .flag("--password-from-stdin"),
    ])

    /// What to do, and the store `--store` names (else the environment's or the workstation's).
    struct Parsed: Equatable {
        var action: ClinicCommand.Action
        var storeOption: String?
    }

    static func parse(_ arguments: [String], globalStore: String? = nil) throws(ArgumentError) -> Parsed {
        guard let action = arguments.first else {
            throw .missingArgument(tr("init, add-user, status or import-station after 'clinic'"))
        }
        let parsed = try syntax.parse(Array(arguments.dropFirst()))
        let store = parsed.value("--store") ?? globalStore
        let positionals = parsed.positionals
        for flag in ["--transcriptionist", "--password-from-stdin"] where action != "add-user" && parsed.has(flag) {
            throw .unexpectedArgument(flag)
        }
        switch action {
        case "init", "status":
            if let extra = positionals.first { throw .unexpectedArgument(extra) }
            return Parsed(action: action == "init" ? .initialize : .status, storeOption: store)
        case "add-user":
            guard let name = positionals.first else { throw .missingArgument(tr("NAME after 'clinic add-user'")) }
            if positionals.count > 1 { throw .unexpectedArgument(positionals[1]) }
            return Parsed(
                action: .addUser(
                    name, transcriptionist: parsed.has("--transcriptionist"),
                    passwordFromStdin: parsed.has("--password-from-stdin")),
                storeOption: store)
        case "import-station":
            guard let directory = positionals.first else {
                throw .missingArgument(tr("DIR (a station's data directory) after 'clinic import-station'"))
            }
            if positionals.count > 1 { throw .unexpectedArgument(positionals[1]) }
            return Parsed(action: .importStation(directory), storeOption: store)
        default:
            throw .invalidValue(option: "clinic", value: action)
        }
    }
}
