import PostgresStore

/// Which store the station and its subcommands keep reports, sessions and settings in: the clinic store
/// when one is chosen (PostgresStore's `StoreChoice`: `--store S`, `$DICTATION_STATION_STORE`, the
/// workstation's store.conf), else the SQLite store of the data directory. The clinic store keeps the
/// voice profiles and the clinic vocabulary too; recordings in progress, models, the local copies of
/// profiles and vocabulary, and the log stay in the data directory.
public enum StoreInUse: Sendable, Equatable {
    /// `station.sqlite3` in the data directory: one person's store.
    case local
    /// The clinic's PostgreSQL store, as the role the server authenticates.
    case clinic(StoreChoice)

    /// The store chosen for this process; a workstation file that cannot be trusted or read is an error.
    public static func resolve(
        option: String?, environment: [String: String]
    ) throws(StoreConfigurationError) -> StoreInUse {
        guard let choice = try StoreChoice.resolve(option: option, environment: environment) else { return .local }
        return .clinic(choice)
    }

    public static func resolve(
        globals: GlobalOptions, environment: [String: String]
    ) throws(StoreConfigurationError) -> StoreInUse {
        try resolve(option: globals.store, environment: environment)
    }

    /// What the title line says of the store; nil for the person's own store.
    public var titleWords: String? {
        guard case .clinic(let choice) = self else { return nil }
        return choice.titleWords
    }

    /// The key that keeps this station's control socket apart from the same account's stations on other
    /// stores (`ControlServer.defaultPath(store:)`); nil for the local store.
    public var socketKey: String? {
        guard case .clinic(let choice) = self else { return nil }
        return choice.address.conninfo
    }
}
