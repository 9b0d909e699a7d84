/// One option a command takes, by its names (`-h`, `--help`) and what follows it.
public struct OptionSpec: Sendable {
    public enum Kind: Sendable {
        /// Stands alone: `--json`.
        case flag
        /// Takes one value: `--locale en-US` or `--locale=en-US`.
        case value
        /// Takes every argument after it, at least one: `--from FILE...`.
        case rest
    }

    /// The first name is the one results are kept under.
    public let names: [String]
    public let kind: Kind

    public var name: String { names[0] }

    public static func flag(_ names: String...) -> OptionSpec { OptionSpec(names: names, kind: .flag) }
    public static func value(_ names: String...) -> OptionSpec { OptionSpec(names: names, kind: .value) }
    public static func rest(_ names: String...) -> OptionSpec { OptionSpec(names: names, kind: .rest) }
}
