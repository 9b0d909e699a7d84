import Foundation
import Localization
import StationCore
import StationSystem

/// The control channel's lines: a command in, "ok MESSAGE" or "error MESSAGE" out; `status --json` answers
/// with one line of JSON.
public enum ControlProtocol {
    public static var usage: String { tr("Commands: toggle, send, discard, undo, select NAME, status [--json].") }

    /// Answers one command line through the station, as the keys would.
    @MainActor
    public static func answer(_ line: String, station: Station) -> String {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed == "status --json" { return statusJSON(station) }
        guard let command = StationCommand(line: trimmed) else {
            let typed = SafeText.line(String(trimmed.prefix(40)))
            // The protocol's word stays `error`; what follows is for the person.
            return "error " + tr("Unknown command \"\(typed)\". \(usage)")
        }
        let outcome = station.perform(command)
        return (outcome.succeeded ? "ok " : "error ") + SafeText.line(outcome.message)
    }

    /// The station's state for scripts.
    @MainActor
    static func statusJSON(_ station: Station) -> String {
        var object: [String: Any] = [
            "running": true, "sessions": station.sessions.count, "unsent": station.hasUnsentDictation,
        ]
        if let session = station.capturing ?? station.selected {
            object["session"] = session.name
            object["state"] = session.state.rawValue
            object["elapsedSeconds"] = session.measuredElapsed.components.seconds
            object["text"] = StatusLine.text(for: session)
        } else {
            object["state"] = "idle"
            object["text"] = tr("IDLE")
        }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            return "{}"
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// What a reply means: whether it succeeded and the text to print.
    public static func parseReply(_ reply: String) -> (succeeded: Bool, message: String) {
        if reply.hasPrefix("ok ") { return (true, String(reply.dropFirst(3))) }
        if reply == "ok" { return (true, "") }
        if reply.hasPrefix("error ") { return (false, String(reply.dropFirst(6))) }
        if reply.hasPrefix("{") { return (true, reply) }
        return (false, reply)
    }
}

/// Sends one command to a running station.
public enum ControlClient {
    public enum Failure: Error, Equatable {
        /// Nothing listens: no station is running (for this user and runtime directory).
        case noStation(path: String)
        case noAnswer
        /// The socket belongs to a station of another account (the kernel says who listens: SO_PEERCRED).
        case foreignStation(path: String, owner: String)
    }

    /// The station's reply line, or why there is none.
    public static func send(_ line: String, to path: URL) throws(Failure) -> String {
        guard let fd = try? UnixSocket.connect(to: path.path) else { throw .noStation(path: path.path) }
        defer { FileDescriptor(rawValue: fd).close() }
        let own = LoginAccount.current.uid
        if let listener = UnixSocket.peer(of: FileDescriptor(rawValue: fd)), listener.uid != own {
            throw .foreignStation(path: path.path, owner: LoginAccount.of(uid: listener.uid).name)
        }
        UnixSocket.setTimeout(fd, seconds: 5)
        guard UnixSocket.writeAll(fd, line + "\n"), let reply = UnixSocket.readLine(fd, within: 5) else {
            throw .noAnswer
        }
        return reply
    }
}
