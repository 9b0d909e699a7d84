import Localization

/// Installs and removes the speech models of the catalog's locales, one install per locale at a time.
public protocol ModelInstalling: Sendable {
    /// The locales of the catalog with the state of their models, in catalog order.
    func options() async -> [LocaleOption]
    /// The state of one locale's model (`available` for a locale the catalog does not offer).
    func state(of locale: String) async -> ModelState
    /// Starts installing a locale's model, or joins the install already running for it. Never throws:
    /// the stream ends after a final event (`installed`, `cancelled` or `failed`).
    func install(locale: String) async -> AsyncStream<InstallEvent>
    /// The events of the install running now for `locale`, or nil when none runs.
    func inFlight(locale: String) async -> AsyncStream<InstallEvent>?
    /// Cancels the install running for `locale`; it ends in `cancelled` and leaves nothing behind.
    func cancelInstall(locale: String) async
    /// Removes an installed model; a system model cannot be removed from here.
    func uninstall(locale: String) async throws
}

/// Why a model cannot be removed.
public enum ModelRemovalError: Error, Sendable, Equatable, CustomStringConvertible {
    case notInstalled(locale: String)
    case providedBySystem(locale: String)
    case installing(locale: String)

    public var description: String {
        switch self {
        case .notInstalled(let locale): tr("no speech model is installed for \(locale)")
        case .providedBySystem(let locale):
            tr(
                "the \(locale) speech model is provided by the system (Debian package); remove it with the package manager"
            )
        case .installing(let locale): tr("the \(locale) speech model is being installed; cancel that first")
        }
    }
}
