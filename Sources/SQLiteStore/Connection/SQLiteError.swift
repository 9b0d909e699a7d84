import CSQLite3

/// A failed libsqlite3 call: its (extended) result code and the library's message.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The extended result code, for example `SQLITE_BUSY` (5) or `SQLITE_CONSTRAINT_UNIQUE`.
    public var code: Int32
    /// What libsqlite3 said about it.
    public var message: String

    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// The primary result code, without the extended bits.
    public var primaryCode: Int32 { code & 0xFF }

    public var description: String { "SQLite error \(code): \(message)" }

    /// The file is not an SQLite database.
    public var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB }
}

/// The one place that turns a libsqlite3 result code into a thrown `SQLiteError`.
@discardableResult
func check(_ code: Int32, _ db: OpaquePointer?, allowing allowed: Set<Int32> = []) throws(SQLiteError) -> Int32 {
    if code == SQLITE_OK || allowed.contains(code) { return code }
    let message = db.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
    throw SQLiteError(code: db.map { sqlite3_extended_errcode($0) } ?? code, message: message)
}
