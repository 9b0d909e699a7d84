import Foundation
import Localization
import StationCore

/// Whether a locale's speech model can be used.
public enum LocaleInstallState: Sendable, Equatable {
    case installed
    /// Comes with the system and cannot be removed from here.
    case system
    case notInstalled
    /// Being installed; the percentage when known.
    case installing(percent: Int?)

    public var label: String {
        switch self {
        case .installed: tr("installed")
        case .system: tr("installed (system)")
        case .notInstalled: tr("not installed")
        case .installing(let percent): percent.map { tr("installing \($0)%") } ?? tr("installing")
        }
    }

    public var isUsable: Bool { self == .installed || self == .system }
}

/// One entry of the locale picker. (Named apart from the core's `LocaleOption` and `LocaleChoice`, which map onto it.)
public struct LocalePickerEntry: Sendable, Equatable {
    public var locale: String
    public var name: String
    public var state: LocaleInstallState

    public init(locale: String, name: String, state: LocaleInstallState) {
        self.locale = locale
        self.name = name
        self.state = state
    }
}

/// The model catalog as the screen needs it; the installer's adapter provides it.
public protocol LocaleCatalog: Sendable {
    /// Every locale of the catalog with its install state.
    func options() async -> [LocalePickerEntry]
    /// Makes `locale` the choice for new sessions: persists it, starts installing its model when it is
    /// missing (progress reaches the screen through `ScreenModel.installStatus`, the outcome through the
    /// notifier) and cancels an install still running for the previous choice.
    func choose(_ locale: String) async
}

/// The capture sources the person can choose from; the capture adapter provides it.
public protocol CaptureSourceChoosing: Sendable {
    /// The server's sources with their descriptions, which one is its default, in the server's order.
    func sources() async throws -> [AudioSource]
    /// The source chosen now, or nil for the server's default.
    func currentSource() async -> String?
    func choose(_ source: String) async throws
}

/// What the screen uses beside the station, injected so tests use fakes and the executable the adapters.
public struct ScreenServices: Sendable {
    public var reports: (any ReportStore)?
    public var settings: (any SettingsStore)?
    public var locales: (any LocaleCatalog)?
    public var sources: (any CaptureSourceChoosing)?
    public var player: (any AudioPlaying)?
    /// Where `x` writes exported reports (created 0700, files 0600).
    public var exportDirectory: URL
    /// Where `E` keeps the copy `$EDITOR` edits (0700, inside the data directory, never /tmp).
    public var editingDirectory: URL
    public var clock: any StationClock
    /// The clinic's work types, offered when a session's details are set.
    public var workTypes: WorkTypes
    /// Who may correct a report now: one editor per report across every station process.
    public var editLocks: any ReportEditLocking

    public init(
        reports: (any ReportStore)?, settings: (any SettingsStore)? = nil, locales: (any LocaleCatalog)? = nil,
        sources: (any CaptureSourceChoosing)? = nil, player: (any AudioPlaying)? = nil, exportDirectory: URL,
        editingDirectory: URL? = nil, clock: any StationClock, workTypes: WorkTypes = .builtIn,
        editLocks: any ReportEditLocking = ProcessLocalEditLocks()
    ) {
        self.workTypes = workTypes
        self.editLocks = editLocks
        self.editingDirectory =
            editingDirectory ?? exportDirectory.deletingLastPathComponent().appendingPathComponent("editing")
        self.reports = reports
        self.settings = settings
        self.locales = locales
        self.sources = sources
        self.player = player
        self.exportDirectory = exportDirectory
        self.clock = clock
    }
}
