import CSQLite3

/// One libsqlite3 connection with its cache of prepared statements.
///
/// Not thread-safe: its owner (`StationDatabase`) uses it from one serial queue only.
final class Connection {
    let handle: OpaquePointer
    private var statements: [String: Statement] = [:]

    /// Opens (creating when missing) the database file at `path`; a symbolic link there is refused.
    init(path: String) throws(SQLiteError) {
        var handle: OpaquePointer?
        let flags =
            SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
            | SQLITE_OPEN_NOFOLLOW
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard let handle else { throw SQLiteError(code: code, message: "cannot allocate a connection") }
        do {
            try check(code, handle)
        } catch {
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// The statement for `sql`, prepared on first use and reused after.
    func prepared(_ sql: String) throws(SQLiteError) -> Statement {
        if let statement = statements[sql] { return statement }
        let statement = try Statement(sql: sql, db: handle)
        statements[sql] = statement
        return statement
    }

    /// Runs SQL text that binds nothing (schema changes, transaction control, pragmas).
    func execute(_ sql: String) throws(SQLiteError) {
        try check(sqlite3_exec(handle, sql, nil, nil, nil), handle)
    }

    /// The single integer a pragma or query returns.
    func integer(_ sql: String) throws -> Int64 {
        try prepared(sql).firstRow { $0.integer(0) } ?? 0
    }

    /// Waits up to `milliseconds` for another process's lock instead of failing at once.
    func setBusyTimeout(milliseconds: Int32) throws(SQLiteError) {
        try check(sqlite3_busy_timeout(handle, milliseconds), handle)
    }

    /// Runs `body` in a transaction that takes the write lock at its start (BEGIN IMMEDIATE), so that
    /// waiting for another writer goes through the busy timeout instead of failing half-way.
    func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` in a read transaction, so that several queries see one snapshot.
    func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN DEFERRED")
        defer { try? execute("COMMIT") }
        return try body()
    }

    /// The id of the row the last INSERT created.
    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// How many rows the last INSERT, UPDATE or DELETE changed.
    var changedRowCount: Int64 { sqlite3_changes64(handle) }
}
