/// A text a person reads, written in English at the call site with ordinary interpolation:
/// `tr("Paused at \(time).")`. Its catalog key replaces each interpolation with a numbered
/// placeholder (`Paused at {0}.`), so a translation can move the values where its language puts them.
public struct LocalizedText: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// The catalog key: the English text with `{0}`, `{1}`, … where values go.
    public let key: String
    /// The values, already rendered, in the order of their placeholders.
    public let arguments: [String]

    public init(key: String, arguments: [String] = []) {
        self.key = key
        self.arguments = arguments
    }

    public init(stringLiteral value: String) {
        self.init(key: value)
    }

    public init(stringInterpolation: StringInterpolation) {
        self.init(key: stringInterpolation.key, arguments: stringInterpolation.arguments)
    }

    /// Builds the key and collects the values as the literal is read.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var key = ""
        var arguments: [String] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            key.reserveCapacity(literalCapacity + 3 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            key += literal
        }

        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            key += "{\(arguments.count)}"
            arguments.append(value.description)
        }

        public mutating func appendInterpolation(_ value: String) {
            key += "{\(arguments.count)}"
            arguments.append(value)
        }

        /// An error, as ordinary interpolation shows it (its description when it has one).
        public mutating func appendInterpolation(_ value: any Error) {
            key += "{\(arguments.count)}"
            arguments.append(String(describing: value))
        }
    }

    /// `pattern` (the key or its translation) with each `{n}` replaced by the n-th value; a placeholder
    /// without a value is left as it is, so a faulty translation shows its mistake instead of crashing.
    public func filled(into pattern: String) -> String {
        guard !arguments.isEmpty, pattern.contains("{") else { return pattern }
        var result = ""
        var rest = pattern[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"),
                let index = Int(rest[afterOpen..<close]), arguments.indices.contains(index)
            {
                result += arguments[index]
                rest = rest[rest.index(after: close)...]
            } else {
                result += "{"
                rest = rest[afterOpen...]
            }
        }
        return result + rest
    }
}
