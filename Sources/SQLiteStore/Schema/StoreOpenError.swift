import Localization

/// Why the station's database could not be opened; the message says what to do.
public enum StoreOpenError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A newer build of the station wrote this database; it is left untouched.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The file is not an SQLite database.
    case notADatabase(path: String)
    /// WAL journaling could not be turned on (the file system may not support shared memory).
    case walUnavailable(path: String, mode: String)

    public var description: String {
        switch self {
        case .newerSchema(let path, let found, let supported):
            tr(
                "The database \(path) was written by a newer version of Dictation Station (schema \(found); this version reads up to \(supported)). It was left untouched: use the newer version."
            )
        case .notADatabase(let path):
            tr("\(path) is not a Dictation Station database. It was left untouched.")
        case .walUnavailable(let path, let mode):
            tr("The database \(path) could not use write-ahead logging (journal mode stayed '\(mode)').")
        }
    }
}
