import Foundation
import StationCore
import StationSystem

/// The station's control socket: one command line per connection, answered with one line, so a foot
/// pedal or a hotkey tool drives the station through the same code as the keys.
///
/// No client can stall or end the station: each is served on its own thread, at most
/// `maximumClients` at once (more wait in the listen backlog), with `clientSeconds` in all to send its
/// line; a client gone before its reply costs nothing (the write cannot raise SIGPIPE).
public final class ControlServer: @unchecked Sendable {
    /// How many clients are served at once.
    public static let maximumClients = 8
    /// How long a client has to send its command line.
    public static let clientSeconds = 2.0

    public let path: URL
    private let slots = DispatchSemaphore(value: maximumClients)
    private let handler: @MainActor @Sendable (String) -> String
    private let lock = NSLock()
    private var listener: Int32 = -1

    /// Where the socket lives: `$XDG_RUNTIME_DIR/dictation-station.sock`, else `control.sock` in the data directory.
    public static func defaultPath(environment: [String: String], dataDirectory: URL) -> URL {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return URL(fileURLWithPath: runtime).appendingPathComponent("dictation-station.sock")
        }
        return dataDirectory.appendingPathComponent("control.sock")
    }

    /// `handler` answers a command line on the main actor.
    public init(path: URL, handler: @escaping @MainActor @Sendable (String) -> String) {
        self.path = path
        self.handler = handler
    }

    /// Whether another station answers on the path now.
    public static func isAnswering(at path: URL) -> Bool {
        guard let fd = try? UnixSocket.connect(to: path.path) else { return false }
        close(fd)
        return true
    }

    /// Binds the socket (0600) and starts accepting; a stale socket from a crashed station is replaced.
    public func start() throws {
        if Self.isAnswering(at: path) {
            throw UnixSocket.Failure(call: "another station is already listening on \(path.path)", code: EADDRINUSE)
        }
        unlink(path.path)
        let fd = try UnixSocket.makeSocket()
        var address = try UnixSocket.address(path.path)
        // Created private: nobody else may drive this station, not even for a moment.
        let previousMask = umask(0o177)
        let bound = Result { () throws(Errno) in
            try valueOrErrno("bind") {
                withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                    }
                }
            }
        }
        umask(previousMask)
        do throws(Errno) {
            _ = try bound.get()
            try valueOrErrno("listen") { listen(fd, 32) }
        } catch {
            close(fd)
            throw UnixSocket.Failure(call: "bind \(path.path)", code: error.code)
        }
        chmod(path.path, 0o600)
        lock.withLock { listener = fd }
        let thread = Thread { [self] in self.acceptLoop(fd) }
        thread.name = "dictation-station control"
        thread.start()
    }

    /// Stops accepting and removes the socket file. The accepting thread closes the descriptor itself
    /// when it leaves, so the number cannot be reused under it by another socket while it still accepts.
    public func stop() {
        let fd = lock.withLock { () -> Int32 in
            defer { listener = -1 }
            return listener
        }
        guard fd >= 0 else { return }
        shutdown(fd, Int32(SHUT_RDWR))
        unlink(path.path)
    }

    private var isStopped: Bool { lock.withLock { listener < 0 } }

    private func acceptLoop(_ fd: Int32) {
        defer { close(fd) }
        while !isStopped {
            slots.wait()
            guard let client = try? valueOrErrno("accept", { accept(fd, nil, nil) }) else {
                slots.signal()
                return
            }
            if isStopped {
                slots.signal()
                close(client)
                return
            }
            let thread = Thread { [self] in
                serve(client)
                close(client)
                slots.signal()
            }
            thread.name = "dictation-station control client"
            thread.start()
        }
    }

    private func serve(_ client: Int32) {
        UnixSocket.setTimeout(client, seconds: Int(Self.clientSeconds))
        guard let line = UnixSocket.readLine(client, within: Self.clientSeconds) else { return }
        let reply = ReplyBox(String?.none)
        let done = DispatchSemaphore(value: 0)
        let handler = handler
        Task { @MainActor in
            reply.withLock { $0 = handler(line) }
            done.signal()
        }
        // No time limit here: the command is being carried out, and the reply must say how it went.
        done.wait()
        UnixSocket.writeAll(client, (reply.withLock { $0 } ?? "error no answer") + "\n")
    }
}

/// A value guarded by a lock, for handing an answer from the main actor to the socket's thread.
final class ReplyBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&value) } }
}
