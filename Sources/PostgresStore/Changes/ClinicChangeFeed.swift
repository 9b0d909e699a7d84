import CLibPQ
import Foundation
import StationSystem
import Synchronization

/// What other stations change, as it is committed: `LISTEN dictation_changes` on a connection of its
/// own, on a thread of its own that waits on the connection's socket (`poll`), then reads what arrived
/// (`PQconsumeInput`, `PQnotifies`). Each batch of notifications is one notice: "read again"; a
/// notification carries no data anyone could forge. When the connection is lost it connects again
/// (every `retryInterval` until the server answers) and gives one notice, for what it may have missed.
public final class ClinicChangeFeed: Sendable {
    /// One element per batch of changes; at most one waits.
    public let notices: AsyncStream<Void>
    private let stopped = Mutex(false)

    public static let channel = "dictation_changes"

    /// Listens at `address`; throws when the first connection cannot be made, unless `waitingForServer`:
    /// then a server that cannot be reached now is listened to once it answers, as after a lost connection.
    public static func start(
        at address: StoreAddress, retryInterval: Duration = .seconds(2), waitingForServer: Bool = false
    ) throws(ClinicStoreError) -> ClinicChangeFeed {
        let connection = try PGConnection(address, waitingForServer: waitingForServer)
        if connection.isOK {
            do {
                try connection.execute("LISTEN \(channel)")
            } catch {
                throw .refused(reason: error.message)
            }
        }
        let (notices, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let feed = ClinicChangeFeed(notices: notices)
        let listening = Listening(connection: connection)
        OwnThread.start { [feed] in
            listening.run(until: { feed.stopped.withLock { $0 } }, retryInterval: retryInterval) {
                continuation.yield()
            }
            continuation.finish()
        }
        return feed
    }

    private init(notices: AsyncStream<Void>) {
        self.notices = notices
    }

    /// Ends the listening thread (within half a second) and the stream; until then the feed lives on
    /// (its thread holds it), as long as the station does.
    public func stop() { stopped.withLock { $0 = true } }
}

/// The listening connection, used only on the feed's own thread.
private final class Listening: @unchecked Sendable {
    let connection: PGConnection

    init(connection: PGConnection) {
        self.connection = connection
    }

    func run(until isStopped: () -> Bool, retryInterval: Duration, notice: () -> Void) {
        while !isStopped() {
            guard connection.isOK else {
                reconnect(retryInterval: retryInterval, notice: notice)
                continue
            }
            let socket = PQsocket(connection.handle)
            guard socket >= 0 else { continue }
            // Half a second at most, so a stop is noticed.
            let readable =
                (try? FileDescriptor(rawValue: socket).waitUntilReadable(timeout: .milliseconds(500))) ?? false
            guard readable else { continue }
            guard PQconsumeInput(connection.handle) == 1 else { continue }
            var arrived = 0
            while let notification = PQnotifies(connection.handle) {
                arrived += 1
                PQfreemem(notification)
            }
            if arrived > 0 { notice() }
        }
    }

    /// Connects again and listens again; a notice says to read again what may have changed meanwhile.
    private func reconnect(retryInterval: Duration, notice: () -> Void) {
        connection.reconnectIfLost()
        guard connection.isOK, (try? connection.execute("LISTEN \(ClinicChangeFeed.channel)")) != nil else {
            // The server is still away: this thread of its own waits before it tries again.
            let (seconds, attoseconds) = retryInterval.components
            Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
            return
        }
        notice()
    }
}
