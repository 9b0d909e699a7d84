import Localization

/// A wrong command line, said so that the person can fix it.
public enum ArgumentError: Error, CustomStringConvertible, Equatable, Sendable {
    case unknownOption(String)
    case unknownSubcommand(String)
    case missingValue(String)
    case invalidValue(option: String, value: String)
    case missingArgument(String)
    case unexpectedArgument(String)

    public var description: String {
        switch self {
        case .unknownOption(let option): tr("unknown option '\(option)'")
        case .unknownSubcommand(let name): tr("unknown subcommand '\(name)'")
        case .missingValue(let option): tr("option '\(option)' needs a value")
        case .invalidValue(let option, let value): tr("invalid value '\(value)' for '\(option)'")
        case .missingArgument(let what): tr("missing \(what)")
        case .unexpectedArgument(let argument): tr("unexpected argument '\(argument)'")
        }
    }

    /// The same error with each piece of the person's text passed through `transform` (made safe for a
    /// terminal, say), so that every message is made safe in one place.
    public func mapText(_ transform: (String) -> String) -> ArgumentError {
        switch self {
        case .unknownOption(let option): .unknownOption(transform(option))
        case .unknownSubcommand(let name): .unknownSubcommand(transform(name))
        case .missingValue(let option): .missingValue(transform(option))
        case .invalidValue(let option, let value): .invalidValue(option: transform(option), value: transform(value))
        case .missingArgument(let what): .missingArgument(transform(what))
        case .unexpectedArgument(let argument): .unexpectedArgument(transform(argument))
        }
    }
}
