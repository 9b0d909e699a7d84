/// Options that apply to the station and every subcommand; they come before the subcommand's name.
public struct GlobalOptions: Sendable {
    public var showHelp = false
    public var showVersion = false
    /// `--data-dir DIR`, else `DICTATION_STATION_HOME`, else the XDG data directory.
    public var dataDirectory: String?
    public var noColor = false
    public var catalog: String?
    public var modelMirror: String?
    /// `--store S`: the clinic store to use instead of the data directory's (`StoreChoice`).
    public var store: String?

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
