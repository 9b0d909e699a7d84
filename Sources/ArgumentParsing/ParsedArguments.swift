/// A command line as `CommandSyntax` read it, options by their first name.
public struct ParsedArguments: Sendable, Equatable {
    public var flags: Set<String> = []
    public var values: [String: String] = [:]
    public var lists: [String: [String]] = [:]
    public var positionals: [String] = []

    public init() {}

    /// Whether the flag was given.
    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The value of an option, the last one given.
    public func value(_ option: String) -> String? { values[option] }

    /// The value of an option read by `convert`; a value it refuses (nil) is an invalid value.
    public func value<T>(_ option: String, _ convert: (String) -> T?) throws(ArgumentError) -> T? {
        guard let raw = values[option] else { return nil }
        guard let converted = convert(raw) else { throw .invalidValue(option: option, value: raw) }
        return converted
    }

    /// The arguments after a `rest` option, empty when it was not given.
    public func list(_ option: String) -> [String] { lists[option] ?? [] }
}
