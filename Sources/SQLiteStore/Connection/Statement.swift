import CSQLite3

/// A prepared statement, prepared once per connection and reset after each use.
final class Statement {
    private let handle: OpaquePointer
    private let db: OpaquePointer

    init(sql: String, db: OpaquePointer) throws(SQLiteError) {
        var handle: OpaquePointer?
        // PERSISTENT: the statement lives as long as the connection's cache.
        try check(sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil), db)
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "empty statement: \(sql)") }
        self.handle = handle
        self.db = db
    }

    deinit { sqlite3_finalize(handle) }

    /// Runs the statement with `values` bound in order, handing each result row to `row`.
    func run(_ values: [SQLiteValue] = [], row: (Row) throws -> Void = { _ in }) throws {
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        try bind(values)
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                try check(code, db)
                return
            }
            try row(Row(handle: handle))
        }
    }

    /// The rows the statement returns, each turned into a value by `transform`.
    func rows<T>(_ values: [SQLiteValue] = [], _ transform: (Row) throws -> T) throws -> [T] {
        var result: [T] = []
        try run(values) { result.append(try transform($0)) }
        return result
    }

    /// The first row turned into a value, or nil when there is none.
    func firstRow<T>(_ values: [SQLiteValue] = [], _ transform: (Row) throws -> T) throws -> T? {
        var result: T?
        try run(values) { row in
            if result == nil { result = try transform(row) }
        }
        return result
    }

    private func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .integer(let number): try check(sqlite3_bind_int64(handle, index, number), db)
            case .real(let number): try check(sqlite3_bind_double(handle, index, number), db)
            case .null: try check(sqlite3_bind_null(handle, index), db)
            case .text(let text):
                // The length is given in bytes, so text holding NUL characters is kept whole.
                let code = text.withCString {
                    sqlite3_bind_text64(
                        handle, index, $0, UInt64(text.utf8.count), ds_sqlite_transient(), UInt8(SQLITE_UTF8))
                }
                try check(code, db)
            }
        }
    }
}

/// One result row, read by column index.
struct Row {
    fileprivate let handle: OpaquePointer

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    func optionalReal(_ column: Int32) -> Double? {
        isNull(column) ? nil : sqlite3_column_double(handle, column)
    }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
    func optionalInteger(_ column: Int32) -> Int64? { isNull(column) ? nil : integer(column) }
}
