/// What a command line may hold, declared once: its options, how many plain arguments, and the few
/// conventions a command chooses (`-` for standard input, `--` ending the options, options only before
/// the first plain argument). `parse` turns the arguments into `ParsedArguments` or the first mistake.
public struct CommandSyntax: Sendable {
    public var options: [OptionSpec]
    /// How many plain arguments are allowed; nil for any number. One more is an unexpected argument.
    public var maximumPositionals: Int?
    /// `-` alone is a plain argument (standard input, a file name), not an option.
    public var dashIsPositional = false
    /// `--` makes every argument after it plain.
    public var doubleDashEndsOptions = false
    /// The first plain argument and everything after it are plain (global options before a subcommand).
    public var optionsOnlyFirst = false
    /// An option the command does not know is "unexpected" rather than "unknown" (commands that take none).
    public var unknownOptionIsUnexpected = false

    public init(
        _ options: [OptionSpec] = [], maximumPositionals: Int? = nil, dashIsPositional: Bool = false,
        doubleDashEndsOptions: Bool = false, optionsOnlyFirst: Bool = false, unknownOptionIsUnexpected: Bool = false
    ) {
        self.options = options
        self.maximumPositionals = maximumPositionals
        self.dashIsPositional = dashIsPositional
        self.doubleDashEndsOptions = doubleDashEndsOptions
        self.optionsOnlyFirst = optionsOnlyFirst
        self.unknownOptionIsUnexpected = unknownOptionIsUnexpected
    }

    public func parse(_ arguments: [String]) throws(ArgumentError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if doubleDashEndsOptions, argument == "--" {
                try add(Array(remaining), to: &parsed)
                break
            }
            guard isOption(argument) else {
                if optionsOnlyFirst {
                    try add([argument] + remaining, to: &parsed)
                    break
                }
                try add([argument], to: &parsed)
                continue
            }
            let (name, inline) = Self.split(argument)
            guard let option = options.first(where: { $0.names.contains(name) }) else {
                throw unknownOptionIsUnexpected ? .unexpectedArgument(argument) : .unknownOption(argument)
            }
            switch option.kind {
            case .flag:
                parsed.flags.insert(option.name)
            case .value:
                if let inline {
                    parsed.values[option.name] = inline
                } else if let value = remaining.popFirst() {
                    parsed.values[option.name] = value
                } else {
                    throw .missingValue(name)
                }
            case .rest:
                let values = (inline.map { [$0] } ?? []) + remaining
                guard !values.isEmpty else { throw .missingValue(name) }
                parsed.lists[option.name] = values
                remaining = []
            }
        }
        return parsed
    }

    private func isOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && !(dashIsPositional && argument == "-")
    }

    private func add(_ plain: [String], to parsed: inout ParsedArguments) throws(ArgumentError) {
        for argument in plain {
            if let maximumPositionals, parsed.positionals.count >= maximumPositionals {
                throw .unexpectedArgument(argument)
            }
            parsed.positionals.append(argument)
        }
    }

    /// Splits `--name=VALUE` into its name and value.
    static func split(_ argument: String) -> (name: String, inline: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
