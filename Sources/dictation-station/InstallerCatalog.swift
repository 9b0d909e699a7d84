import Foundation
import StationCore
import StationTUI

/// The locale picker's view of the model installer: the catalog's locales with their states, and an
/// install whose progress goes to the title line ("de-DE 42%").
struct InstallerCatalog: LocaleCatalog {
    let installer: any ModelInstalling
    let status: AsyncStream<String?>.Continuation

    func options() async -> [LocalePickerEntry] {
        await installer.options().map { option in
            LocalePickerEntry(locale: option.locale, name: option.displayName, state: Self.state(option.state))
        }
    }

    /// Runs the install to its end; throws with the installer's reason when it fails or is cancelled.
    func install(_ locale: String) async throws {
        defer { status.yield(nil) }
        for await event in await installer.install(locale: locale) {
            switch event {
            case .started: status.yield("\(locale)")
            case .progress(let bytes, let total):
                if let total, total > 0 {
                    status.yield("\(locale) \(Int(bytes * 100 / total))%")
                } else {
                    status.yield("\(locale) \(bytes / 1_000_000) MB")
                }
            case .verifying: status.yield("\(locale) verifying")
            case .installed: return
            case .cancelled: throw InstallFailure(reason: "the install was cancelled")
            case .failed(let reason): throw InstallFailure(reason: reason)
            }
        }
    }

    static func state(_ state: ModelState) -> LocaleInstallState {
        switch state {
        case .installed: .installed
        case .system: .system
        case .installing: .installing(percent: nil)
        case .available: .notInstalled
        }
    }

    struct InstallFailure: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }
}
