import CLibPQ
import Foundation
import Localization
import StationSystem

/// One libpq connection, used on one thread only (its actor's): statements with text parameters,
/// rows of text out.
final class PGConnection {
    private let connection: OpaquePointer
    /// The libpq connection, for this type's extensions on the same thread.
    var handle: OpaquePointer { connection }

    /// Connects with `conninfo` (a libpq connection string or a `postgresql://` URI; empty: libpq's
    /// defaults and the `PG…` environment). Every connection names the station and its workstation
    /// (`application_name`, which `pg_stat_activity` shows, so others can say "held by anna on ws-12"),
    /// gives up connecting after 5 s and sends TCP keepalives, so a pulled cable ends it within about
    /// 15 s; the address may set the last two otherwise. The corresponding C function is
    /// `PQconnectdbParams`, with the address expanded as the `dbname`.
    ///
    /// `waitingForServer`: a server that cannot be reached now (not one that refuses) gives a connection
    /// that is not connected yet (`isOK` false), which `reconnectIfLost` connects once the server answers.
    init(_ address: StoreAddress, waitingForServer: Bool = false) throws(ClinicStoreError) {
        // libpq is loaded when the clinic store is first used, not at every start of the station.
        if let reason = LazyLibrary.loadFailure(ds_pq_load) { throw .clientLibraryMissing(reason: reason) }
        let parameters = [
            ("connect_timeout", "5"), ("keepalives", "1"), ("keepalives_idle", "5"), ("keepalives_interval", "2"),
            ("keepalives_count", "3"), ("tcp_user_timeout", "15000"), ("dbname", address.conninfo),
            ("application_name", Self.applicationName),
        ]
        let made = Self.withCStrings(parameters.map(\.0)) { keywords in
            Self.withCStrings(parameters.map(\.1)) { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let connection = made else {
            throw .unreachable(store: address.description, reason: tr("out of memory"))
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let reason = PostgresError.oneLine(String(cString: PQerrorMessage(connection)))
            let role = PQuser(connection).map { String(cString: $0) } ?? ""
            if let refusal = ConnectionRefusal(message: reason) {
                PQfinish(connection)
                throw .refusedConnection(store: address.description, role: role, refusal: refusal, reason: reason)
            }
            if waitingForServer {
                self.connection = connection
                return
            }
            PQfinish(connection)
            throw .unreachable(store: address.description, reason: reason)
        }
        self.connection = connection
    }

    deinit { PQfinish(connection) }

    /// `dictation-station@HOST`: the host a holder of a claim is named by (at most 63 bytes are kept).
    static var applicationName: String { "\(applicationPrefix)\(HostName.current)" }
    static let applicationPrefix = "dictation-station@"

    /// NUL-terminated copies of `texts` and a NULL after them, alive while `body` runs.
    private static func withCStrings<R>(_ texts: [String], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        let copies = texts.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { $0.map { UnsafePointer($0) } } + [nil])
    }

    /// The role the server authenticated this connection as.
    var user: String { String(cString: PQuser(connection)) }

    /// Runs one statement with `$1…` parameters (as text, nil for NULL) and returns its rows, each
    /// column as text or nil for NULL. The corresponding C function is `PQexecParams`.
    @discardableResult
    func query(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> [[String?]] {
        let result = try withTextParameters(parameters) { values in
            PQexecParams(connection, sql, Int32(parameters.count), nil, values, nil, nil, 0)
        }
        defer { PQclear(result) }
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        guard status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK else {
            throw PostgresError(result: result, connection: connection)
        }
        guard let result else { return [] }
        let (rows, columns) = (PQntuples(result), PQnfields(result))
        return (0..<rows).map { row in
            (0..<columns).map { column in
                PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
            }
        }
    }

    /// Runs statements separated by semicolons, without parameters (a migration). The corresponding C
    /// function is `PQexec`.
    func execute(_ script: String) throws(PostgresError) {
        let result = PQexec(connection, script)
        defer { PQclear(result) }
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        guard status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK else {
            throw PostgresError(result: result, connection: connection)
        }
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The SCRAM-SHA-256 verifier of `password` for `role`, computed here (salted and hashed), so the
    /// password itself never reaches the server, its log or its statistics. The corresponding C function
    /// is `PQencryptPasswordConn`.
    func scramVerifier(_ password: String, role: String) throws(PostgresError) -> String {
        guard let verifier = PQencryptPasswordConn(connection, password, role, "scram-sha-256") else {
            throw PostgresError(
                sqlState: "XX000", message: PostgresError.oneLine(String(cString: PQerrorMessage(connection))))
        }
        defer { PQfreemem(verifier) }
        return String(cString: verifier)
    }

    /// Whether the connection still stands (a server restart or a lost cable ends it).
    var isOK: Bool { PQstatus(connection) == CONNECTION_OK }

    /// Connects again with the same parameters when the connection was lost (a server restart); the
    /// next statement fails as before when the server is still away. The C function is `PQreset`.
    func reconnectIfLost() {
        guard !isOK else { return }
        PQreset(connection)
    }

    /// The parameters as C strings in one buffer, alive while `body` runs. PostgreSQL's text holds no
    /// NUL character, so one is refused rather than cut off there.
    func withTextParameters<R>(
        _ parameters: [String?], _ body: ([UnsafePointer<CChar>?]) -> R
    ) throws(PostgresError) -> R {
        var buffer: [CChar] = []
        var offsets: [Int?] = []
        for parameter in parameters {
            guard let parameter else {
                offsets.append(nil)
                continue
            }
            guard !parameter.utf8.contains(0) else {
                throw PostgresError(
                    sqlState: "22021", message: tr("A text holds a NUL character, which cannot be stored."))
            }
            offsets.append(buffer.count)
            buffer += parameter.utf8CString
        }
        return buffer.withUnsafeBufferPointer { base in
            body(offsets.map { offset in offset.flatMap { at in base.baseAddress.map { UnsafePointer($0 + at) } } })
        }
    }
}
