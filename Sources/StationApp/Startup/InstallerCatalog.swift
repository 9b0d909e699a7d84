import Foundation
import Localization
import StationCore
import StationTUI

/// The locale picker's view of the model catalog: the locales with their states; a choice goes through
/// `LocaleChoice` (persisted, installed when missing, the previous choice's install cancelled), and the
/// install's progress goes to the title line ("de-DE 42%").
struct InstallerCatalog: LocaleCatalog {
    let installer: any ModelInstalling
    let choice: LocaleChoice
    let status: AsyncStream<String?>.Continuation

    func options() async -> [LocalePickerEntry] {
        await installer.options().map { option in
            LocalePickerEntry(locale: option.locale, name: option.displayName, state: Self.state(option.state))
        }
    }

    func choose(_ locale: String) async {
        await choice.choose(locale)
        guard let events = await installer.inFlight(locale: locale) else { return }
        defer { status.yield(nil) }
        for await event in events {
            switch event {
            case .started: status.yield("\(locale)")
            case .progress(let bytes, let total):
                if let total, total > 0 {
                    status.yield("\(locale) \(Int(bytes * 100 / total))%")
                } else {
                    status.yield("\(locale) \(bytes / 1_000_000) MB")
                }
            case .verifying: status.yield(tr("\(locale) verifying"))
            case .installed, .cancelled, .failed: return
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
}
