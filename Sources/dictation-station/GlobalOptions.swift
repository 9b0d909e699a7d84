import ArgumentParsing
import StationApp

extension GlobalOptions {
    /// The global options, up to the first argument that is not one (the subcommand).
    static let syntax = CommandSyntax(
        [
            .flag("--help", "-h"), .flag("--version", "-V"), .flag("--no-color"), .flag("--lines"),
            .flag("--quiet-screen"),
            .flag("--high-contrast"),
            .value("--data-dir"),
            .value("--catalog"), .value("--model-mirror"), .value("--store"),
        ], optionsOnlyFirst: true)

    /// The global options and what follows them.
    static func parse(_ arguments: [String]) throws(ArgumentError) -> (GlobalOptions, rest: [String]) {
        let parsed = try syntax.parse(arguments)
        var options = GlobalOptions(
            dataDirectory: parsed.value("--data-dir"), noColor: parsed.has("--no-color"),
            catalog: parsed.value("--catalog"), modelMirror: parsed.value("--model-mirror"),
            store: parsed.value("--store"))
        options.lines = parsed.has("--lines")
        options.quietScreen = parsed.has("--quiet-screen")
        options.highContrast = parsed.has("--high-contrast")
        options.showHelp = parsed.has("--help")
        options.showVersion = parsed.has("--version")
        return (options, parsed.positionals)
    }
}
