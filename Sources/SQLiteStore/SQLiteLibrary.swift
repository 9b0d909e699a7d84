import CSQLite3

/// Facts about the libsqlite3 this station is linked against.
public enum SQLiteLibrary {
    /// The library's version, for example "3.40.1".
    public static var version: String { String(cString: sqlite3_libversion()) }
    /// Whether the library was built with the FTS5 full-text search the report search needs.
    public static var hasFTS5: Bool { sqlite3_compileoption_used("ENABLE_FTS5") != 0 }
}
