import Foundation

/// A command from outside the screen (the control socket, a foot pedal), handled by the same code as
/// the keys.
public enum StationCommand: Sendable, Equatable {
    /// The main action on the selected session: start, pause or resume.
    case toggle
    /// Send the selected session's paused recording.
    case send
    /// Discard the selected session's paused or processing recording.
    case discard
    /// Bring back the dictation discarded last, while its audio is kept.
    case undo
    /// Select the session with this name (or the one session it begins).
    case select(String)
    /// Report the selected session's state.
    case status

    /// Parses one line of the control protocol (`toggle`, `send`, `discard`, `undo`, `select NAME`,
    /// `status`).
    public init?(line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = trimmed.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard let verb = parts.first else { return nil }
        switch (verb, parts.count) {
        case ("toggle", 1): self = .toggle
        case ("send", 1): self = .send
        case ("discard", 1): self = .discard
        case ("undo", 1): self = .undo
        case ("status", 1): self = .status
        case ("select", 2): self = .select(String(parts[1]))
        default: return nil
        }
    }

    /// The command as typed, for a notice ("select Bed 4").
    public var verb: String {
        switch self {
        case .toggle: "toggle"
        case .send: "send"
        case .discard: "discard"
        case .undo: "undo"
        case .select(let name): "select \(name)"
        case .status: "status"
        }
    }
}

/// How a command went: whether it did anything, and a line to show or print.
public struct CommandOutcome: Sendable, Equatable {
    public var succeeded: Bool
    public var message: String

    public init(succeeded: Bool, message: String) {
        self.succeeded = succeeded
        self.message = message
    }
}
