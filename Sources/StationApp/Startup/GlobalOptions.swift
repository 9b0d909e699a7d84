/// Options that apply to the station and every subcommand; they come before the subcommand's name.
public struct GlobalOptions: Sendable {
    public var showHelp = false
    public var showVersion = false
    /// `--data-dir DIR`, else `DICTATION_STATION_HOME`, else the XDG data directory.
    public var dataDirectory: String?
    /// `--store S`: the clinic store, over `$DICTATION_STATION_STORE` and the workstation's store.conf.
    public var store: String?
    public var noColor = false
    public var catalog: String?
    public var modelMirror: String?

    public init(
        dataDirectory: String? = nil, noColor: Bool = false, catalog: String? = nil, modelMirror: String? = nil,
        store: String? = nil
    ) {
        self.dataDirectory = dataDirectory
        self.noColor = noColor
        self.catalog = catalog
        self.modelMirror = modelMirror
        self.store = store
    }
}
