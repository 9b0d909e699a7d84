import Foundation
import StationCore
import StationSystem
import Synchronization

/// The clinic store: one connection to the clinic's PostgreSQL server, as the role the server
/// authenticated (on the workstation, the OS account by peer authentication). Who dictated, corrected
/// and signed is what the database records as `session_user`; the names a caller passes are not used.
///
/// An actor on a `ThreadExecutor`: the connection is used only on that thread, so libpq's blocking
/// calls never hold up a caller, and only Sendable values leave it.
public actor ClinicStore {
    public nonisolated let address: StoreAddress
    private nonisolated let executor: ThreadExecutor
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    let connection: PGConnection
    /// The role the server authenticated this connection as: who every step is recorded as.
    public internal(set) var user: String
    /// What `hasChangedElsewhere` saw last.
    var seenChanges: String?
    /// Where sent dictations wait while the server cannot be reached; nil: a send then fails.
    public nonisolated let outbox: ClinicOutbox?
    /// Whether the schema still has to be checked: a store connected while its server was away is
    /// checked once it answers.
    private var schemaUnchecked: Bool
    /// Whether the server answered the last time the store tried, for a screen to say so at any moment.
    private nonisolated let reachable: Mutex<Bool>
    /// While the server is away, a new connection is tried at most every `retryInterval` (one attempt
    /// may take libpq's 5 s connect timeout on a network that drops packets); calls between fail at once.
    private let clock: any StationClock
    static let retryInterval: Duration = .seconds(2)
    private var retryAt: Duration?

    private init(
        address: StoreAddress, executor: ThreadExecutor, connection: PGConnection, user: String, outbox: ClinicOutbox?,
        schemaUnchecked: Bool, clock: any StationClock
    ) {
        self.address = address
        self.clock = clock
        self.outbox = outbox
        self.executor = executor
        self.connection = connection
        self.user = user
        self.schemaUnchecked = schemaUnchecked
        reachable = Mutex(connection.isOK)
    }

    /// Whether the server answered the last time the store tried (every store call tries, and connects
    /// again when the connection was lost).
    public nonisolated var isReachable: Bool { reachable.withLock { $0 } }

    // The thread ends once its last job has run.
    deinit { executor.shutDown() }

    /// Connects to the store at `address`; `requiringSchema` refuses a store that `clinic init` has not
    /// set up, one whose schema is newer than this build, and one older than it (unless
    /// `acceptingOlderSchema`: `clinic status` shows any version).
    /// `outbox` keeps sent dictations while the server cannot be reached (`add`). `waitingForServer` (the
    /// station): a server that cannot be reached now gives a store that connects, and checks the schema,
    /// once it answers (`isReachable` says which); its user is the role libpq would ask for. `clock`
    /// spaces the attempts to connect again while the server is away.
    public static func connect(
        to address: StoreAddress, requiringSchema: Bool = true, acceptingOlderSchema: Bool = false,
        outbox: ClinicOutbox? = nil, waitingForServer: Bool = false, clock: any StationClock = SystemClock()
    ) async throws -> ClinicStore {
        let executor = ThreadExecutor(name: "ds.clinic")
        do {
            let (connection, user) = try await withTaskExecutorPreference(executor) {
                () throws(ClinicStoreError) -> (PGConnection, String) in
                let connection = try PGConnection(address, waitingForServer: waitingForServer)
                if requiringSchema && connection.isOK {
                    try checkSchema(connection, address: address, acceptingOlder: acceptingOlderSchema)
                }
                return (connection, connection.user)
            }
            return ClinicStore(
                address: address, executor: executor, connection: connection, user: user, outbox: outbox,
                schemaUnchecked: requiringSchema && !connection.isOK, clock: clock)
        } catch {
            executor.shutDown()
            throw error
        }
    }

    private static func checkSchema(
        _ connection: PGConnection, address: StoreAddress, acceptingOlder: Bool
    ) throws(ClinicStoreError) {
        let version: Int
        do {
            version = try ClinicSchema.version(connection)
        } catch let error
            where [PostgresError.undefinedTable, PostgresError.invalidSchemaName].contains(error.sqlState)
        {
            throw .notInitialized(store: address.description)
        } catch let error where error.sqlState == PostgresError.insufficientPrivilege {
            throw .refusedConnection(
                store: address.description, role: connection.user, refusal: .notMember, reason: error.message)
        } catch {
            throw .refused(reason: error.message)
        }
        guard version > 0 else { throw .notInitialized(store: address.description) }
        guard version <= ClinicSchema.latestVersion else {
            throw .newerSchema(store: address.description, found: version, known: ClinicSchema.latestVersion)
        }
        guard acceptingOlder || version == ClinicSchema.latestVersion else {
            throw .olderSchema(store: address.description, found: version, needed: ClinicSchema.latestVersion)
        }
    }

    /// Runs `body` on the connection, connected again first when it was lost (a server restart) and
    /// after delivering what the outbox keeps; a refusal becomes the person's error (`clinicError`).
    @discardableResult
    func perform<T>(_ body: () throws -> T) throws -> T {
        try ready()
        do {
            return try body()
        } catch let error as PostgresError {
            noteReachability()
            throw storeError(error, about: nil)
        }
    }

    /// Notes whether the connection stands now, for `isReachable`.
    func noteReachability() {
        let standing = connection.isOK
        reachable.withLock { $0 = standing }
    }

    /// The connection connected again when it was lost (its schema checked when the store was made
    /// while the server was away), then what the outbox keeps delivered, so that nothing read now is
    /// older than what was sent.
    func ready() throws(ClinicStoreError) {
        if !connection.isOK, retryAt.map({ clock.now >= $0 }) ?? true {
            connection.reconnectIfLost()
            retryAt = connection.isOK ? nil : clock.now + Self.retryInterval
        }
        noteReachability()
        if schemaUnchecked && connection.isOK {
            try Self.checkSchema(connection, address: address, acceptingOlder: false)
            schemaUnchecked = false
            user = connection.user
        }
        deliverWaiting()
    }

    /// The error a refused statement becomes for the person who asked.
    func clinicError(_ error: PostgresError) -> ClinicStoreError {
        if error.sqlState == PostgresError.insufficientPrivilege || error.sqlState == "DS010" {
            return .notAllowed(user: user, reason: error.message)
        }
        if !connection.isOK {
            return .unreachable(store: address.description, reason: error.message)
        }
        return .refused(reason: error.message)
    }
}
