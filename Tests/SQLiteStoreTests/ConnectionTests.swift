import CSQLite3
import Foundation
import Testing

@testable import SQLiteStore

@Suite("SQLite connection")
struct ConnectionTests {
    @Test("a statement is prepared once and reused")
    func preparedOnce() throws {
        let connection = try Connection(path: ":memory:")
        let first = try connection.prepared("SELECT ?")
        #expect(try connection.prepared("SELECT ?") === first)
        #expect(try first.firstRow([.text("a")]) { $0.text(0) } == "a")
        #expect(try first.firstRow([.integer(7)]) { $0.integer(0) } == 7, "reset and rebound after use")
    }

    @Test("a failure carries the extended result code and libsqlite3's message")
    func typedErrors() throws {
        let connection = try Connection(path: ":memory:")
        try connection.execute("CREATE TABLE t (k TEXT PRIMARY KEY)")
        try connection.prepared("INSERT INTO t VALUES (?)").run([.text("x")])
        let error = #expect(throws: SQLiteError.self) {
            try connection.prepared("INSERT INTO t VALUES (?)").run([.text("x")])
        }
        #expect(error?.code == SQLITE_CONSTRAINT | (6 << 8), "SQLITE_CONSTRAINT_PRIMARYKEY")
        #expect(error?.primaryCode == SQLITE_CONSTRAINT)
        #expect(error?.message.contains("UNIQUE constraint failed") == true)
        #expect(throws: SQLiteError.self) { try connection.prepared("SELEC nonsense") }
    }

    @Test("a failed write transaction leaves nothing behind")
    func rollback() throws {
        let connection = try Connection(path: ":memory:")
        try connection.execute("CREATE TABLE t (k TEXT PRIMARY KEY)")
        #expect(throws: SQLiteError.self) {
            try connection.writeTransaction {
                try connection.prepared("INSERT INTO t VALUES (?)").run([.text("a")])
                try connection.prepared("INSERT INTO t VALUES (?)").run([.text("a")])
            }
        }
        #expect(try connection.integer("SELECT count(*) FROM t") == 0)
    }
}
