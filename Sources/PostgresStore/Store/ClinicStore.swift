import Foundation
import StationCore
import StationSystem

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

    private init(
        address: StoreAddress, executor: ThreadExecutor, connection: PGConnection, user: String, outbox: ClinicOutbox?
    ) {
        self.address = address
        self.outbox = outbox
        self.executor = executor
        self.connection = connection
        self.user = user
    }

    // The thread ends once its last job has run.
    deinit { executor.shutDown() }

    /// Connects to the store at `address`; `requiringSchema` refuses a store that `clinic init` has not
    /// set up, or one whose schema is newer than this build.
    /// `outbox` keeps sent dictations while the server cannot be reached (`add`).
    public static func connect(
        to address: StoreAddress, requiringSchema: Bool = true, outbox: ClinicOutbox? = nil
    ) async throws -> ClinicStore {
        let executor = ThreadExecutor(name: "ds.clinic")
        do {
            let (connection, user) = try await withTaskExecutorPreference(executor) {
                () throws(ClinicStoreError) -> (PGConnection, String) in
                let connection = try PGConnection(address)
                if requiringSchema { try checkSchema(connection, address: address) }
                return (connection, connection.user)
            }
            return ClinicStore(
                address: address, executor: executor, connection: connection, user: user, outbox: outbox)
        } catch {
            executor.shutDown()
            throw error
        }
    }

    private static func checkSchema(_ connection: PGConnection, address: StoreAddress) throws(ClinicStoreError) {
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
    }

    /// Runs `body` on the connection, connected again first when it was lost (a server restart) and
    /// after delivering what the outbox keeps; a refusal becomes the person's error (`clinicError`).
    @discardableResult
    func perform<T>(_ body: () throws -> T) throws -> T {
        connection.reconnectIfLost()
        // What waited for the server goes first, so nothing read now is older than what was sent.
        deliverWaiting()
        do {
            return try body()
        } catch let error as PostgresError {
            throw storeError(error, about: nil)
        }
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
