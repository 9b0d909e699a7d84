import Foundation
import StationCore
import Synchronization

/// The capture source the station records from: the server's default unless one was chosen, and the
/// choice kept in the settings. The screen reads and changes it while each new capture reads it, so the
/// choice sits behind a mutex.
public final class PulseSourceChoice: Sendable {
    private let settings: any SettingsStore
    private let current: Mutex<String?>

    /// `current` is the saved choice as the settings gave it (nil when it could not be read).
    public init(settings: any SettingsStore, current: String??) {
        self.settings = settings
        self.current = Mutex(current ?? nil)
    }

    /// The source new recordings use, nil for the server's default.
    public var chosen: String? { current.withLock { $0 } }

    public func sources() async throws -> [AudioSource] {
        // Listing talks to the server and blocks: keep it off the caller's thread.
        try await Task.detached { try PulseSources.list() }.value
    }

    /// The source recordings use: the chosen one, else the one libpulse's `PULSE_SOURCE` names (nil:
    /// the server's default).
    public func currentSource() async -> String? { chosen ?? ProcessInfo.processInfo.environment["PULSE_SOURCE"] }

    public func choose(_ source: String) async throws {
        try await settings.setSetting(SettingKey.captureSource, source)
        current.withLock { $0 = source }
    }
}
