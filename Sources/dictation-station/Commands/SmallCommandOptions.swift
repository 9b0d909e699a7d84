import ArgumentParsing
import StationApp

/// `recover [--list] [--locale LOCALE]`.
enum RecoverOptions {
    static let syntax = CommandSyntax([.flag("--list"), .value("--locale")], maximumPositionals: 0)

    @MainActor static let subcommand = Subcommand(name: "recover") { arguments, globals in
        let parsed = try syntax.parse(arguments)
        return try await RecoverCommand.run(
            list: parsed.has("--list"), locale: parsed.value("--locale"), globals: globals)
    }
}

/// `sources`: takes nothing.
enum SourcesOptions {
    static let syntax = CommandSyntax(maximumPositionals: 0, unknownOptionIsUnexpected: true)

    static let subcommand = Subcommand(name: "sources") { arguments, _ in
        _ = try syntax.parse(arguments)
        return await SourcesCommand.run()
    }
}

/// `ctl COMMAND…` (the words go to the station as typed) and `status [--json]`.
enum ControlOptions {
    static let ctl = Subcommand(name: "ctl") { arguments, globals in
        try ControlCommands.ctl(arguments, globals: globals)
    }

    static let statusSyntax = CommandSyntax([.flag("--json")], maximumPositionals: 0, unknownOptionIsUnexpected: true)

    static let status = Subcommand(name: "status") { arguments, globals in
        ControlCommands.status(json: try statusSyntax.parse(arguments).has("--json"), globals: globals)
    }
}
