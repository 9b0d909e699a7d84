import Foundation

/// Options that apply to the station and every subcommand; they come before the subcommand's name.
struct GlobalOptions {
    var showHelp = false
    var showVersion = false
    /// `--data-dir DIR`, else `DICTATION_STATION_HOME`, else the XDG data directory.
    var dataDirectory: String?
    var noColor = false
    var catalog: String?
    var modelMirror: String?

    /// Reads the global options up to the first argument that is not one.
    static func parse(_ parser: inout ArgumentParser) throws -> GlobalOptions {
        var options = GlobalOptions()
        while let argument = parser.peek(), argument.hasPrefix("-") {
            _ = parser.next()
            let (name, inline) = ArgumentParser.split(argument)
            switch name {
            case "-h", "--help": options.showHelp = true
            case "-V", "--version": options.showVersion = true
            case "--no-color": options.noColor = true
            case "--data-dir": options.dataDirectory = try parser.value(for: name, inline: inline)
            case "--catalog": options.catalog = try parser.value(for: name, inline: inline)
            case "--model-mirror": options.modelMirror = try parser.value(for: name, inline: inline)
            default: throw ArgumentError.unknownOption(argument)
            }
        }
        return options
    }
}
