import Foundation
import Localization
import StationCore
import StationSystem
import Synchronization

/// The station's control socket: one command line per connection, answered with one line, so a foot
/// pedal or a hotkey tool drives the station through the same code as the keys.
///
/// No client can stall or end the station: one `poll(2)` loop on a thread of its own waits for all of
/// them, at most `maximumClients` at once (more wait in the listen backlog), each with `clientSeconds`
/// in all to send its line; a client gone before its reply costs nothing (the write cannot raise SIGPIPE).
public final class ControlServer: Sendable {
    /// How many clients are served at once.
    public static let maximumClients = 8
    /// How long a client has to send its command line.
    public static let clientSeconds = 2.0

    public let path: URL
    /// The account whose commands this station takes: its own. Any other account's client is refused,
    /// by the kernel's word on who connected (SO_PEERCRED), whatever the socket file's mode.
    public let account: uid_t
    private let handler: @MainActor @Sendable (String) -> String
    /// The listening socket and the pipe that wakes the loop; nil once stopped (or before start).
    private let running = Mutex<ControlLoop.Wiring?>(nil)
    /// Clients whose command is being carried out: they still count against `maximumClients`.
    let answering = Mutex(0)

    /// Where the socket of this account's station on `dataDirectory` (and `store`) lives: see `ControlSocketPath`.
    public static func defaultPath(environment: [String: String], dataDirectory: URL, store: String? = nil) -> URL {
        ControlSocketPath.path(environment: environment, dataDirectory: dataDirectory, store: store)
    }

    /// `handler` answers a command line on the main actor; only clients of `account` are answered.
    public init(
        path: URL, account: uid_t = LoginAccount.current.uid, handler: @escaping @MainActor @Sendable (String) -> String
    ) {
        self.path = path
        self.account = account
        self.handler = handler
    }

    /// Whether another station answers on the path now.
    public static func isAnswering(at path: URL) -> Bool {
        guard let fd = try? UnixSocket.connect(to: path.path) else { return false }
        FileDescriptor(rawValue: fd).close()
        return true
    }

    /// Binds the socket (0600) and starts accepting; a stale socket from a crashed station is replaced.
    public func start() throws {
        try ControlSocketPath.prepareFolder(of: path, account: account)
        if Self.isAnswering(at: path) {
            throw UnixSocket.alreadyListening(path.path)
        }
        let listener = try UnixSocket.listen(at: path.path)
        let wake: (read: FileDescriptor, write: FileDescriptor)
        do {
            wake = try FileDescriptor.pipe()
        } catch {
            listener.close()
            throw UnixSocket.Failure(call: "pipe", code: error.code)
        }
        let wiring = ControlLoop.Wiring(listener: listener, wakeRead: wake.read, wakeWrite: wake.write)
        running.withLock { $0 = wiring }
        let loop = ControlLoop(wiring: wiring, server: self)
        OwnThread.start { loop.run() }
    }

    /// Stops accepting and removes the socket file. The loop closes the descriptors itself when it
    /// leaves, so a number cannot be reused under it by another socket while it still polls.
    public func stop() {
        guard
            let wiring = running.withLock({ current in
                defer { current = nil }; return current
            })
        else { return }
        UnixSocket.remove(at: path.path)
        wiring.stopped.withLock { $0 = true }
        wiring.wake()
    }

    /// Whether `client` runs as this station's account; when not, it is told so and closed.
    func admits(_ client: FileDescriptor) -> Bool {
        let peer = UnixSocket.peer(of: client)
        if let peer, peer.uid == account { return true }
        let station = LoginAccount.of(uid: account).name
        let other = peer.map { LoginAccount.of(uid: $0.uid).name } ?? tr("an unknown account")
        UnixSocket.writeAll(
            client.rawValue,
            "error " + tr("this station answers only its own account, \(station); \(other) may not drive it") + "\n")
        client.close()
        return false
    }

    /// Answers `line` on the main actor and writes the reply, off the loop's thread; the loop is woken
    /// when the client's slot is free again.
    func answer(_ line: String, to client: FileDescriptor, wiring: ControlLoop.Wiring) {
        answering.withLock { $0 += 1 }
        let handler = handler
        Task {
            // No time limit here: the command is being carried out, and the reply must say how it went.
            let reply = await handler(line)
            UnixSocket.writeAll(client.rawValue, reply + "\n")
            client.close()
            answering.withLock { $0 -= 1 }
            wiring.wake()
        }
    }
}
