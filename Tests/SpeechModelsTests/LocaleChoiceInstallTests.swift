import Foundation
import SpeechModels
import StationCore
import StationTestSupport
import Testing

@MainActor
@Suite("The locale choice drives the real installer", .serialized)
struct LocaleChoiceInstallTests {
    let fixture = InstallerFixture.shared

    @Test("choosing another locale cancels the first install and installs the new one")
    func choosingAnotherCancels() async throws {
        let setup = try InstallerSetup([
            InstallerFixture.entry("en-US", archive: fixture.server.url("en-us-small.tar.gz")),
            InstallerFixture.entry("nl-NL", archive: fixture.server.url("en-us-small.tar.gz", .slow)),
            InstallerFixture.entry("de-DE", archive: fixture.server.url("en-us-small.zip")),
        ])
        defer { setup.data.remove() }
        let settings = InMemorySessionStore()
        let notifier = Notifier(clock: ManualClock())
        let choice = LocaleChoice(
            installer: setup.installer, settings: settings, notifier: notifier, environment: ["LANG": "C"])
        await choice.restore()
        #expect(choice.locale == "en-US")

        await choice.choose("nl-NL")
        #expect(await eventually { if case .progress = choice.installing["nl-NL"] { true } else { false } })
        await choice.choose("de-DE")
        await choice.waitForInstalls()

        #expect(await setup.installer.state(of: "nl-NL") == .available)
        #expect(await setup.installer.state(of: "de-DE") == .installed)
        #expect(Set(notifier.notifications.map(\.kind)) == [.warning, .info])
        #expect(setup.leftovers(besides: ["de-DE"]).isEmpty, "the cancelled install left nothing")
        #expect(try await settings.setting(SettingKey.locale) == "de-DE")
    }
}
