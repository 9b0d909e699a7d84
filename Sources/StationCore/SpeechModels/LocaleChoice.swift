import Foundation
import Localization
import Observation

/// The station's locale for new sessions: chosen from the catalog, persisted in the settings, restored at
/// start and realigned to what the catalog offers. Choosing a locale whose model is missing installs it in
/// the background and cancels an install still running for the previous choice.
@MainActor
@Observable
public final class LocaleChoice {
    /// The locale new sessions get.
    public private(set) var locale: String = LocaleMatcher.fallback
    /// The catalog's locales with their states, in catalog order.
    public private(set) var options: [LocaleOption] = []
    /// The latest event of each install this choice started and that is still running.
    public private(set) var installing: [String: InstallEvent] = [:]

    private let installer: any ModelInstalling
    private let settings: any SettingsStore
    private let notifier: Notifier
    private let environment: [String: String]
    private var watchers: [String: Task<Void, Never>] = [:]

    public init(
        installer: any ModelInstalling, settings: any SettingsStore, notifier: Notifier,
        environment: [String: String]
    ) {
        self.installer = installer
        self.settings = settings
        self.notifier = notifier
        self.environment = environment
    }

    /// Restores the saved locale, realigned to the catalog: a saved locale the catalog no longer offers
    /// becomes its closest offered match; on the first start the closest match of `LC_ALL`/`LANG`.
    public func restore() async {
        await refresh()
        let offered = options.map(\.locale)
        let saved = try? await settings.setting(SettingKey.locale)
        let chosen: String
        if let saved, offered.contains(saved) {
            chosen = saved
        } else if let saved, let near = LocaleMatcher.closest(to: saved, offered: offered) {
            chosen = near
        } else {
            chosen = LocaleMatcher.closest(environment: environment, offered: offered)
        }
        locale = chosen
        if chosen != saved { await persist(chosen) }
    }

    /// Makes `locale` the choice for new sessions; starts installing its model when it is missing and
    /// cancels an install still running for the previous choice.
    public func choose(_ newLocale: String) async {
        guard options.contains(where: { $0.locale == newLocale }) else {
            notifier.error(tr("The locale \(newLocale) is not in the speech model catalog."))
            return
        }
        let previous = locale
        locale = newLocale
        await persist(newLocale)
        if previous != newLocale, watchers[previous] != nil {
            await installer.cancelInstall(locale: previous)
        }
        if await installer.state(of: newLocale) == .available {
            await startInstall(newLocale)
        }
        await refresh()
    }

    /// Re-reads the states of the catalog's locales.
    public func refresh() async {
        options = await installer.options()
    }

    /// Waits until every install this choice started has ended (for tests and an orderly quit).
    public func waitForInstalls() async {
        for watcher in Array(watchers.values) { await watcher.value }
    }

    private func startInstall(_ locale: String) async {
        guard watchers[locale] == nil else { return }
        let events = await installer.install(locale: locale)
        let displayName = options.first { $0.locale == locale }?.displayName ?? locale
        watchers[locale] = Task { [weak self] in
            for await event in events {
                self?.handle(event, locale: locale, displayName: displayName)
            }
            self?.finished(locale)
        }
    }

    private func handle(_ event: InstallEvent, locale: String, displayName: String) {
        installing[locale] = event.isFinal ? nil : event
        if let notice = InstallNotice.notification(for: event, locale: locale, displayName: displayName) {
            notifier.post(notice.kind, notice.message)
        }
    }

    private func finished(_ locale: String) {
        watchers[locale] = nil
        installing[locale] = nil
        Task { await refresh() }
    }

    private func persist(_ locale: String) async {
        do {
            try await settings.setSetting(SettingKey.locale, locale)
        } catch {
            notifier.warning(tr("The locale choice could not be saved; it applies until the station quits."))
        }
    }
}
