import Testing

@testable import SQLiteStore

@Suite("libsqlite3 links")
struct SQLiteLinkTests {
    @Test("reports the library's version, with FTS5")
    func version() {
        #expect(SQLiteLibrary.version.hasPrefix("3."), "version \(SQLiteLibrary.version)")
        #expect(SQLiteLibrary.hasFTS5)
    }
}
