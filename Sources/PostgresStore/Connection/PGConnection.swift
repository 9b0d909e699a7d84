import CLibPQ
import Localization

/// One libpq connection, used on one thread only (its actor's): statements with text parameters,
/// rows of text out.
final class PGConnection {
    private let connection: OpaquePointer

    /// Connects with `conninfo` (a libpq connection string or a `postgresql://` URI; empty: libpq's
    /// defaults and the `PG…` environment). The corresponding C function is `PQconnectdb`.
    init(_ address: StoreAddress) throws(ClinicStoreError) {
        guard let connection = PQconnectdb(address.conninfo) else {
            throw .unreachable(store: address.description, reason: "out of memory")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let reason = PostgresError.oneLine(String(cString: PQerrorMessage(connection)))
            PQfinish(connection)
            throw .unreachable(store: address.description, reason: reason)
        }
        self.connection = connection
    }

    deinit { PQfinish(connection) }

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

    /// Whether the connection still stands (a server restart or a lost cable ends it).
    var isOK: Bool { PQstatus(connection) == CONNECTION_OK }

    /// The parameters as C strings in one buffer, alive while `body` runs. PostgreSQL's text holds no
    /// NUL character, so one is refused rather than cut off there.
    private func withTextParameters<R>(
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
