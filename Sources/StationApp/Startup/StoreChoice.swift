import PostgresStore

/// Which store the station and its subcommands keep reports, sessions and settings in: a clinic store
/// when one is named (`--store S`, else `$DICTATION_STATION_STORE`), else the SQLite store of the data
/// directory. Recordings in progress, models, voice profiles and the log stay in the data directory.
public enum StoreChoice: Sendable, Equatable {
    /// `station.sqlite3` in the data directory: one person's store.
    case local
    /// The clinic's PostgreSQL store, as the role the server authenticates.
    case clinic(StoreAddress)

    /// `--store` when given (even empty: libpq's defaults), else a non-empty `$DICTATION_STATION_STORE`,
    /// else the local store.
    public static func resolve(option: String?, environment: [String: String]) -> StoreChoice {
        if let option { return .clinic(StoreAddress(option)) }
        if let named = environment["DICTATION_STATION_STORE"], !named.isEmpty { return .clinic(StoreAddress(named)) }
        return .local
    }

    public static func resolve(globals: GlobalOptions, environment: [String: String]) -> StoreChoice {
        resolve(option: globals.store, environment: environment)
    }
}
