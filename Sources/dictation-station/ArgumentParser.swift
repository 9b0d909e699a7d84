/// A wrong command line, said so that the person can fix it.
enum ArgumentError: Error, CustomStringConvertible {
    case unknownOption(String)
    case unknownSubcommand(String)
    case missingValue(String)
    case invalidValue(option: String, value: String)
    case missingArgument(String)
    case unexpectedArgument(String)

    var description: String {
        switch self {
        case .unknownOption(let option): "unknown option '\(option)'"
        case .unknownSubcommand(let name): "unknown subcommand '\(name)'"
        case .missingValue(let option): "option '\(option)' needs a value"
        case .invalidValue(let option, let value): "invalid value '\(value)' for '\(option)'"
        case .missingArgument(let what): "missing \(what)"
        case .unexpectedArgument(let argument): "unexpected argument '\(argument)'"
        }
    }
}

/// Walks the arguments one at a time; options take `--name VALUE` or `--name=VALUE`.
struct ArgumentParser {
    private var remaining: ArraySlice<String>

    init(_ arguments: [String]) { remaining = arguments[...] }

    var isEmpty: Bool { remaining.isEmpty }

    /// The next argument without taking it.
    func peek() -> String? { remaining.first }

    /// Takes the next argument.
    mutating func next() -> String? { remaining.popFirst() }

    /// Takes the value of the option just read: from `--name=VALUE` or the following argument.
    mutating func value(for option: String, inline: String?) throws -> String {
        if let inline { return inline }
        guard let value = remaining.popFirst() else { throw ArgumentError.missingValue(option) }
        return value
    }

    /// Takes everything left.
    mutating func rest() -> [String] {
        defer { remaining = [] }
        return Array(remaining)
    }

    /// Splits `--name=VALUE` into its name and value.
    static func split(_ argument: String) -> (name: String, inline: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
