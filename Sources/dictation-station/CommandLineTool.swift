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
        if name == "help" { return printUsage() }
        guard let subcommand = Subcommands.all.first(where: { $0.name == name }) else {
            return usageError(ArgumentError.unknownSubcommand(name))
        }
        var peek = parser
        if OrphanWarning.applies(to: name, arguments: peek.rest()) { await OrphanWarning.printIfAny(globals: globals) }
        do {
            return try await subcommand.run(&parser, globals)
        } catch let error as ArgumentError {
            return usageError(error)
        } catch {
            printError("dictation-station: \(error)")
            return Exit.failure
        }
    }

    private static func printUsage() -> Int32 {
        print(Usage.text, terminator: "")
        return Exit.success
    }

    private static func usageError(_ error: any Error) -> Int32 {
        printError("dictation-station: \(error)\n")
        printError(Usage.text, terminator: "")
        return Exit.usage
    }
}

/// Writes to standard error.
func printError(_ text: String, terminator: String = "\n") {
    FileHandle.standardError.write(Data((text + terminator).utf8))
}
