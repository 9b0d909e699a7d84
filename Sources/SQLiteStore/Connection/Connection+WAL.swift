import CSQLite3

#if canImport(Glibc)
    import Glibc
#endif

extension Connection {
    /// Turns on write-ahead logging and returns the journal mode now in force ("wal" on success).
    ///
    /// Switching a database to WAL needs an exclusive lock, and libsqlite3 answers SQLITE_BUSY at
    /// once, without the busy handler, when another process is opening the same new database. So the
    /// switch is retried for up to `timeoutMilliseconds`; a database already in WAL is left alone.
    func enableWriteAheadLog(timeoutMilliseconds: Int32) throws -> String {
        let current = try prepared("PRAGMA journal_mode").firstRow { $0.text(0) } ?? ""
        if current.lowercased() == "wal" { return current }
        let pause: Int32 = 5
        var waited: Int32 = 0
        while true {
            do {
                return try prepared("PRAGMA journal_mode = WAL").firstRow { $0.text(0) } ?? ""
            } catch let error as SQLiteError where error.primaryCode == SQLITE_BUSY && waited < timeoutMilliseconds {
                usleep(useconds_t(pause * 1_000))
                waited += pause
            }
        }
    }
}
