import Foundation
import Localization

/// Why a session name was refused, in words for the person who typed it.
public enum SessionNameError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty
    case tooLong(limit: Int)
    case controlCharacters
    case duplicate(String)

    public var description: String {
        switch self {
        case .empty: tr("A session needs a name.")
        case .tooLong(let limit): tr("A session name has at most \(limit) characters.")
        case .controlCharacters: tr("A session name cannot contain control characters or line breaks.")
        case .duplicate(let name): tr("There is already a session named \"\(name)\".")
        }
    }
}

/// The rules for a session's name: trimmed, non-empty, unique, at most 60 characters, printable.
public enum SessionName {
    public static let maximumLength = 60

    /// The trimmed name, or why it is refused. Uniqueness ignores case, as people read names.
    public static func validate(_ raw: String, existing: [String]) -> Result<String, SessionNameError> {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { return .failure(.empty) }
        guard name.count <= maximumLength else { return .failure(.tooLong(limit: maximumLength)) }
        guard !name.unicodeScalars.contains(where: isForbidden) else { return .failure(.controlCharacters) }
        let folded = name.lowercased()
        if let clash = existing.first(where: { $0.lowercased() == folded }) {
            return .failure(.duplicate(clash))
        }
        return .success(name)
    }

    /// Control characters, line and paragraph separators, and the bidirectional overrides that can make
    /// a name display as something else.
    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: break
        }
        return (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
