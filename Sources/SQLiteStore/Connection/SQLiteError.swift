import CSQLite3
import Localization
import StationSystem

/// A failed libsqlite3 call: its (extended) result code, the library's message, and, when a file
/// operation underneath failed (a full disk, a permission), that system error in words.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The extended result code, for example `SQLITE_BUSY` (5) or `SQLITE_CONSTRAINT_UNIQUE`.
    public var code: Int32
    /// What libsqlite3 said about it.
    public var message: String
    /// The system error of the call that failed under an I/O error (`sqlite3_system_errno`), said about
    /// the database file.
    public var systemError: Errno?

    public init(code: Int32, message: String, systemError: Errno? = nil) {
        self.code = code
        self.message = message
        self.systemError = systemError
    }

    /// The primary result code, without the extended bits.
    public var primaryCode: Int32 { code & 0xFF }

    /// What the person is told: the system's reason in words when there is one ("the disk is full"),
    /// never "disk I/O error" with a number.
    public var description: String {
        if let systemError { return systemError.description }
        if primaryCode == SQLITE_FULL {
            return tr("the disk holding the database is full; free some space, then try again")
        }
        return "SQLite error \(code): \(message)"
    }

    /// The file is not an SQLite database.
    public var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB }

    /// The disk (or the account's quota) is full.
    public var isDiskFull: Bool { primaryCode == SQLITE_FULL || systemError?.isDiskFull == true }

    /// The shared-memory file beside a WAL database (`-shm`) could not be made or grown.
    var isSharedMemoryFailure: Bool {
        [IOError.sharedMemoryOpen, IOError.sharedMemorySize, IOError.sharedMemoryMap].contains(code)
    }
}

/// Extended I/O result codes, `SQLITE_IOERR | (n << 8)` as sqlite3.h defines them (macros built from
/// others, which Swift does not import).
enum IOError {
    static let read = SQLITE_IOERR | (1 << 8)
    static let shortRead = SQLITE_IOERR | (2 << 8)
    static let sharedMemoryOpen = SQLITE_IOERR | (18 << 8)
    static let sharedMemorySize = SQLITE_IOERR | (19 << 8)
    static let sharedMemoryMap = SQLITE_IOERR | (21 << 8)
}

/// The one place that turns a libsqlite3 result code into a thrown `SQLiteError`.
@discardableResult
func check(_ code: Int32, _ db: OpaquePointer?, allowing allowed: Set<Int32> = []) throws(SQLiteError) -> Int32 {
    if code == SQLITE_OK || allowed.contains(code) { return code }
    let message = db.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
    let extended = db.map { sqlite3_extended_errcode($0) } ?? code
    throw SQLiteError(code: extended, message: message, systemError: db.flatMap { systemError(extended, $0) })
}

/// The system error under a failed file operation of `db`, if the result code is one.
private func systemError(_ code: Int32, _ db: OpaquePointer) -> Errno? {
    let primary = code & 0xFF
    guard [SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_FULL, SQLITE_READONLY, SQLITE_PERM].contains(primary) else {
        return nil
    }
    let number = sqlite3_system_errno(db)
    guard number != 0 else { return nil }
    let action =
        switch code {
        case SQLITE_CANTOPEN: "open"
        case IOError.read, IOError.shortRead: "read"
        default: "write to"
        }
    let file = sqlite3_db_filename(db, "main").map { String(cString: $0) }
    return Errno(code: number, action: action, path: file?.isEmpty == false ? file : nil)
}
