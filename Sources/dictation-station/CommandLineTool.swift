import Foundation

/// Dispatches the command line to the station or one of its subcommands.
@MainActor
enum CommandLineTool {
    static let version = "0.1.0"

    /// Exit statuses, as documented in the usage.
    enum Exit {
        static let success: Int32 = 0
        static let failure: Int32 = 1
        static let usage: Int32 = 2
    }

    static func run(_ arguments: [String]) async -> Int32 {
        var parser = ArgumentParser(arguments)
        let globals: GlobalOptions
        do {
            globals = try GlobalOptions.parse(&parser)
        } catch {
            return usageError(error)
        }
        if globals.showHelp { return printUsage() }
        if globals.showVersion {
            print("dictation-station \(version)")
            return Exit.success
        }
        guard let name = parser.next() else {
            return await StationCommandRunner.run(globals: globals)
        }
        if name == "help" { return help(parser.next()) }
        guard let subcommand = Subcommands.all.first(where: { $0.name == name }) else {
            return usageError(ArgumentError.unknownSubcommand(name))
        }
        var peek = parser
        if OrphanWarning.applies(to: name, arguments: peek.rest()) { await OrphanWarning.printIfAny(globals: globals) }
        do {
            return try await subcommand.run(&parser, globals)
        } catch let error as ArgumentError {
            return usageError(error, subcommand: name)
        } catch {
            printError("dictation-station: \(error)")
            return Exit.failure
        }
    }

    private static func printUsage() -> Int32 {
        print(Usage.text, terminator: "")
        return Exit.success
    }

    /// `help` prints everything; `help SUBCOMMAND` that subcommand's usage.
    private static func help(_ subcommand: String?) -> Int32 {
        guard let subcommand else { return printUsage() }
        guard let text = Usage.text(for: subcommand) else {
            return usageError(ArgumentError.unknownSubcommand(subcommand))
        }
        print(text, terminator: "")
        return Exit.success
    }

    /// The error, then only the usage of the subcommand concerned (or a short list of subcommands), so
    /// the error stays on screen.
    private static func usageError(_ error: any Error, subcommand: String? = nil) -> Int32 {
        printError("dictation-station: \(error)")
        if let subcommand, let text = Usage.text(for: subcommand) {
            printError(text + "More: dictation-station help \(subcommand), or dictation-station --help")
        } else {
            printError(Usage.short, terminator: "")
        }
        return Exit.usage
    }
}
