/// Options that apply to the station and every subcommand; they come before the subcommand's name.
public struct GlobalOptions: Sendable {
    public var showHelp = false
    public var showVersion = false
    /// `--data-dir DIR`, else `DICTATION_STATION_HOME`, else the XDG data directory.
    public var dataDirectory: String?
    /// `--store S`: the clinic store, over `$DICTATION_STATION_STORE` and the workstation's store.conf.
    public var store: String?
    public var noColor = false
    /// `--lines`: the station line by line (also by itself where the terminal cannot show the screen).
    public var lines = false
    /// `--quiet-screen`: the timer moves every 10 s and nothing animates (F7 toggles it), for a screen reader.
    public var quietScreen = false
    /// `--high-contrast`: white and yellow on black, nothing dimmed.
    public var highContrast = false
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
