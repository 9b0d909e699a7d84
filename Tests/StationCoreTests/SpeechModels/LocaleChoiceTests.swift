import Foundation
import StationCore
import StationTestSupport
import Testing

@MainActor
@Suite("Choosing the station's locale")
struct LocaleChoiceTests {
    let clock = ManualClock()
    let settings = InMemorySessionStore()
    let installer = FakeModelInstaller(options: [
        LocaleOption(locale: "en-US", displayName: "English", state: .system),
        LocaleOption(locale: "nl-NL", displayName: "Nederlands", state: .available, size: 42),
        LocaleOption(locale: "de-DE", displayName: "Deutsch", state: .installed),
        LocaleOption(locale: "fr-FR", displayName: "Français", state: .available),
    ])

    func makeChoice(environment: [String: String] = [:]) -> (LocaleChoice, Notifier) {
        let notifier = Notifier(clock: clock)
        return (
            LocaleChoice(installer: installer, settings: settings, notifier: notifier, environment: environment),
            notifier
        )
    }

    @Test("the first start takes the closest match of LANG and saves it")
    func firstStart() async throws {
        let (choice, _) = makeChoice(environment: ["LANG": "de_CH.UTF-8"])
        await choice.restore()
        #expect(choice.locale == "de-DE")
        #expect(try await settings.setting(SettingKey.locale) == "de-DE")
        #expect(choice.options.map(\.locale) == ["en-US", "nl-NL", "de-DE", "fr-FR"])
        #expect(installer.log.calls.isEmpty, "restoring installs nothing")
    }

    @Test("a saved locale is restored over the environment")
    func restoresSaved() async throws {
        try await settings.setSetting(SettingKey.locale, "fr-FR")
        let (choice, _) = makeChoice(environment: ["LANG": "de_DE.UTF-8"])
        await choice.restore()
        #expect(choice.locale == "fr-FR")
    }

    @Test("a saved locale the catalog no longer offers is realigned and saved")
    func realigns() async throws {
        try await settings.setSetting(SettingKey.locale, "nl-BE")
        let (choice, _) = makeChoice(environment: ["LANG": "de_DE.UTF-8"])
        await choice.restore()
        #expect(choice.locale == "nl-NL")
        try await settings.setSetting(SettingKey.locale, "pt-BR")
        await choice.restore()
        #expect(choice.locale == "de-DE", "nothing near pt-BR: the environment decides")
        #expect(try await settings.setting(SettingKey.locale) == "de-DE")
    }

    @Test("choosing a locale with a missing model installs it and posts an info when done")
    func choosingInstalls() async throws {
        let (choice, notifier) = makeChoice()
        await choice.restore()
        await choice.choose("nl-NL")
        #expect(choice.locale == "nl-NL")
        #expect(try await settings.setting(SettingKey.locale) == "nl-NL")
        #expect(installer.log.calls == ["install nl-NL"])
        installer.emit(.started, for: "nl-NL")
        installer.emit(.progress(bytes: 10, total: 42), for: "nl-NL")
        #expect(await eventually { choice.installing["nl-NL"] == .progress(bytes: 10, total: 42) })
        installer.emit(.verifying, for: "nl-NL")
        installer.emit(.installed, for: "nl-NL")
        await choice.waitForInstalls()
        #expect(choice.installing.isEmpty)
        #expect(notifier.notifications.map(\.kind) == [.info])
        #expect(notifier.notifications.first?.message.contains("Nederlands (nl-NL)") == true)
        #expect(await eventually { choice.options.first { $0.locale == "nl-NL" }?.state == .installed })
    }

    @Test("choosing a locale whose model is there installs nothing", arguments: ["en-US", "de-DE"])
    func choosingInstalled(_ locale: String) async {
        let (choice, notifier) = makeChoice()
        await choice.restore()
        await choice.choose(locale)
        #expect(choice.locale == locale)
        #expect(installer.log.calls.isEmpty)
        #expect(notifier.notifications.isEmpty)
    }

    @Test("choosing another locale cancels the install still running for the previous choice")
    func choosingAnotherCancels() async {
        let (choice, notifier) = makeChoice()
        await choice.restore()
        await choice.choose("nl-NL")
        installer.emit(.started, for: "nl-NL")
        await choice.choose("fr-FR")
        #expect(installer.log.calls == ["install nl-NL", "cancel nl-NL", "install fr-FR"])
        #expect(await eventually { notifier.notifications.map(\.kind) == [.warning] })
        #expect(notifier.notifications.first?.message.contains("cancelled") == true)
        installer.emit(.failed(reason: "the server answered 500"), for: "fr-FR")
        await choice.waitForInstalls()
        #expect(notifier.notifications.map(\.kind) == [.error, .warning])
        #expect(notifier.notifications.first?.message.contains("the server answered 500") == true)
        #expect(choice.locale == "fr-FR", "the choice stays; its model is simply missing")
    }

    @Test("going back to a locale whose install still runs does not cancel or restart it")
    func chooseSameAgain() async {
        let (choice, _) = makeChoice()
        await choice.restore()
        await choice.choose("nl-NL")
        await choice.choose("nl-NL")
        #expect(installer.log.calls == ["install nl-NL"])
    }

    @Test("a locale the catalog does not offer is refused with an error")
    func unknownLocale() async throws {
        let (choice, notifier) = makeChoice(environment: ["LANG": "en_US.UTF-8"])
        await choice.restore()
        await choice.choose("xx-XX")
        #expect(choice.locale == "en-US")
        #expect(notifier.notifications.map(\.kind) == [.error])
    }

    @Test("install events map to notifications: installed info, cancelled warning, failed error with reason")
    func notices() {
        #expect(InstallNotice.notification(for: .installed, locale: "nl-NL", displayName: "Nederlands")?.kind == .info)
        #expect(
            InstallNotice.notification(for: .cancelled, locale: "nl-NL", displayName: "Nederlands")?.kind == .warning)
        let failed = InstallNotice.notification(for: .failed(reason: "disk full"), locale: "nl-NL", displayName: "")
        #expect(failed?.kind == .error)
        #expect(failed?.message.contains("disk full") == true)
        #expect(InstallNotice.notification(for: .progress(bytes: 1, total: nil), locale: "x", displayName: "") == nil)
    }

    @Test("a dictation waiting on its model is shown; a failed wait is an error")
    func waitNotices() {
        #expect(InstallNotice.notification(for: .waiting(locale: "nl-NL"))?.kind == .info)
        #expect(InstallNotice.notification(for: .ready(locale: "nl-NL")) == nil)
        #expect(InstallNotice.notification(for: .failed(locale: "nl-NL"))?.kind == .error)
    }
}
