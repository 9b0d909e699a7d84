/// What an install of a locale's speech model reports, in this order: `started`, any number of
/// `progress`, `verifying`, then exactly one of `installed`, `cancelled` or `failed`.
public enum InstallEvent: Sendable, Equatable {
    case started
    /// Bytes downloaded so far, and the total when it is known.
    case progress(bytes: Int64, total: Int64?)
    /// Checking the checksum, unpacking and checking the layout.
    case verifying
    case installed
    case cancelled
    /// Why it failed, said for the person who asked for it.
    case failed(reason: String)

    /// Whether the install is over after this event.
    public var isFinal: Bool {
        switch self {
        case .installed, .cancelled, .failed: true
        case .started, .progress, .verifying: false
        }
    }
}

/// Where a locale's speech model stands on this machine.
public enum ModelState: String, Sendable, Equatable, CaseIterable {
    /// Installed by the station into its models folder.
    case installed
    /// Provided by the system (Debian's package); not removable from here.
    case system
    /// Being installed now.
    case installing
    /// Offered by the catalog but not installed.
    case available

    /// Whether a dictation in this locale can be transcribed now.
    public var isUsable: Bool { self == .installed || self == .system }
}

/// A locale the station offers, as the locale choice shows it.
public struct LocaleOption: Sendable, Equatable, Identifiable {
    /// A BCP 47 tag such as `nl-NL`.
    public var locale: String
    /// The name a person reads, such as "Nederlands (Nederland)".
    public var displayName: String
    public var state: ModelState
    /// The download size in bytes when the catalog knows it.
    public var size: Int64?

    public var id: String { locale }

    public init(locale: String, displayName: String, state: ModelState, size: Int64? = nil) {
        self.locale = locale
        self.displayName = displayName
        self.state = state
        self.size = size
    }
}
