import ArgumentParsing
import Localization
import StationApp
import StationCore
import StationTUI

/// Dispatches the command line to the station or one of its subcommands.
@MainActor
enum CommandLineTool {
    static let version = "0.1.0"

    static func run(_ arguments: [String]) async -> Int32 {
        let globals: GlobalOptions
        var rest: [String]
        do {
            (globals, rest) = try GlobalOptions.parse(arguments)
        } catch {
            return usageError(error)
        }
        if globals.showHelp { return printUsage() }
        if globals.showVersion {
            print("dictation-station \(version)")
            return ExitStatus.success
        }
        guard !rest.isEmpty else { return await StationLaunch.run(globals: globals) }
        let name = rest.removeFirst()
        if name == "help" { return help(rest.first) }
        guard let subcommand = Subcommands.all.first(where: { $0.name == name }) else {
            return usageError(ArgumentError.unknownSubcommand(name))
        }
        if OrphanWarning.applies(to: name, arguments: rest) { await OrphanWarning.printIfAny(globals: globals) }
        do {
            return try await subcommand.run(rest, globals)
        } catch let error as ArgumentError {
            return usageError(error, subcommand: name)
        } catch {
            printError("dictation-station: \(error)")
            return ExitStatus.failure
        }
    }

    private static func printUsage() -> Int32 {
        print(Usage.text, terminator: "")
        return ExitStatus.success
    }

    /// `help` prints everything; `help SUBCOMMAND` that subcommand's usage.
    private static func help(_ subcommand: String?) -> Int32 {
        guard let subcommand else { return printUsage() }
        guard let text = Usage.text(for: subcommand) else {
            return usageError(ArgumentError.unknownSubcommand(subcommand))
        }
        print(text, terminator: "")
        return ExitStatus.success
    }

    /// The error (the person's words in it made safe for the terminal), then only the usage of the
    /// subcommand concerned (or a short list of subcommands), so the error stays on screen.
    private static func usageError(_ error: ArgumentError, subcommand: String? = nil) -> Int32 {
        printError("dictation-station: \(error.mapText(SafeText.line))")
        if let subcommand, let text = Usage.text(for: subcommand) {
            printError(text + tr("More: dictation-station help \(subcommand), or dictation-station --help"))
        } else {
            printError(Usage.short, terminator: "")
        }
        return ExitStatus.usage
    }
}
