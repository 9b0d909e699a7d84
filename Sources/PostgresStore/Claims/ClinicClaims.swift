import Foundation
import Localization
import StationCore
import Synchronization

/// Claims across every workstation of a clinic as PostgreSQL session-level advisory locks, held on a
/// connection of their own (`pg_try_advisory_lock(hashtextextended(KEY, 0))`): the server gives a lock
/// to one session only, and drops it when that session ends, so a claim dies with its station (kill -9:
/// at once; a pulled cable: when keepalives or `client_connection_check_interval` find the peer gone).
/// Who holds a claim is read from `pg_locks` and `pg_stat_activity`: the role that connected and the
/// workstation its `application_name` names.
///
/// Its calls block their caller for one round trip (they are the core's synchronous claim ports); while
/// the server cannot be reached, a claim is answered `unreachable` at once, and a new connection is
/// tried at most every `retryInterval`.
public final class ClinicClaims: Sendable {
    /// What a claim came to.
    public enum Outcome: Sendable, Equatable {
        case claimed
        /// Another session holds it: who, when it could be read.
        case held(DictationHolder?)
        /// The server cannot be reached now; nothing is known.
        case unreachable
    }

    private struct Link {
        var connection: PGConnection
        /// What this process holds, or claimed while the server was away (taken again when it is back).
        var held: Set<String> = []
        /// When the next connection may be tried after one failed.
        var retryAt: Duration?
    }

    private let link: Mutex<Link>
    private let clock: any StationClock
    private let retryInterval: Duration
    private let log: any StationLog

    /// Connects the claims' own connection to `address`; `waitingForServer`: a server that cannot be
    /// reached now is connected to later, as after a lost connection.
    public static func connect(
        to address: StoreAddress, clock: any StationClock = SystemClock(), retryInterval: Duration = .seconds(3),
        log: any StationLog = SilentLog(), waitingForServer: Bool = false
    ) throws(ClinicStoreError) -> ClinicClaims {
        let connection = try PGConnection(address, waitingForServer: waitingForServer)
        if connection.isOK { Self.watchPeer(connection) }
        return ClinicClaims(connection: connection, clock: clock, retryInterval: retryInterval, log: log)
    }

    private init(
        connection: sending PGConnection, clock: any StationClock, retryInterval: Duration, log: any StationLog
    ) {
        link = Mutex(Link(connection: connection))
        self.clock = clock
        self.retryInterval = retryInterval
        self.log = log
    }

    /// Claims `key` for this process (already held: claimed).
    public func claim(_ key: String) -> Outcome {
        link.withLock { link in
            if link.held.contains(key) { return .claimed }
            guard reconnected(&link) else { return .unreachable }
            do {
                let taken =
                    try link.connection.query(
                        "SELECT pg_try_advisory_lock(hashtextextended($1, 0))", [key]
                    ).first?.first == "t"
                if taken {
                    link.held.insert(key)
                    return .claimed
                }
                return .held(try Self.holder(of: key, on: link.connection))
            } catch {
                return .unreachable
            }
        }
    }

    /// Claims `key` while the server cannot be reached, on this process's word: it is taken on the
    /// server as soon as the server answers again (unless another took it first, which is logged).
    public func claimWhileUnreachable(_ key: String) {
        link.withLock { link in _ = link.held.insert(key) }
    }

    /// Gives `key` back; nothing when this process does not hold it.
    public func release(_ key: String) {
        link.withLock { link in
            guard link.held.remove(key) != nil, link.connection.isOK else { return }
            _ = try? link.connection.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [key])
        }
    }

    /// Who holds `key` now, if anyone (this process included).
    public func holder(of key: String) -> DictationHolder? {
        link.withLock { link in
            guard reconnected(&link) else { return nil }
            return try? Self.holder(of: key, on: link.connection)
        }
    }

    /// Checks the connection, and after a lost one connects again and takes back what this process
    /// holds; a claim another station took meanwhile is lost, and logged.
    public func keepAlive() {
        link.withLock { link in
            if link.connection.isOK { _ = try? link.connection.query("SELECT 1") }
            _ = reconnected(&link)
        }
    }

    // MARK: - Under the lock

    /// Whether the connection stands, connecting again (at most every `retryInterval`) when it was lost.
    private func reconnected(_ link: inout Link) -> Bool {
        if link.connection.isOK { return true }
        if let retryAt = link.retryAt, clock.now < retryAt { return false }
        link.connection.reconnectIfLost()
        guard link.connection.isOK else {
            link.retryAt = clock.now + retryInterval
            return false
        }
        link.retryAt = nil
        Self.watchPeer(link.connection)
        for key in link.held {
            let taken =
                (try? link.connection.query(
                    "SELECT pg_try_advisory_lock(hashtextextended($1, 0))", [key]
                ).first?.first) == "t"
            if !taken {
                link.held.remove(key)
                log.log(.warning, "a claim was taken by another station while the clinic store was away")
            }
        }
        return true
    }

    /// The session holding `key`'s advisory lock in this database: its role and its workstation.
    private static func holder(of key: String, on connection: PGConnection) throws(PostgresError) -> DictationHolder? {
        let row = try connection.query(
            """
            SELECT a.usename, a.application_name, a.pid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
                AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtextextended($1, 0)
            LIMIT 1
            """, [key]
        ).first
        guard let row, let user = row[0] else { return nil }
        let application = row[1] ?? ""
        let host =
            application.hasPrefix(PGConnection.applicationPrefix)
            ? String(application.dropFirst(PGConnection.applicationPrefix.count)) : tr("another workstation")
        return DictationHolder(user: user, host: host, processID: Int32(row[2] ?? "") ?? 0)
    }

    /// A holder whose peer is gone is noticed by the server: keepalives for an idle connection over TCP,
    /// a limit on how long an answer may go unacknowledged (keepalives stop while one is on its way, and
    /// retransmitting it would keep a lost holder's claims for about 15 minutes), and the check while a
    /// statement runs. All are ignored on a local socket, where the end is seen at once.
    private static func watchPeer(_ connection: PGConnection) {
        _ = try? connection.execute(
            "SET tcp_keepalives_idle = 5; SET tcp_keepalives_interval = 2; SET tcp_keepalives_count = 3; "
                + "SET tcp_user_timeout = 15000; SET client_connection_check_interval = '2s'")
    }
}
