import Foundation
import StationCore
import StationTestSupport
import Testing

@Suite("A dictation waits for its locale's model while it installs")
struct ModelAwaitingTranscriberTests {
    let log = CallLog()
    let waits = Locked<[ModelWait]>([])
    let installer = FakeModelInstaller(options: [
        LocaleOption(locale: "nl-NL", displayName: "Nederlands", state: .available),
        LocaleOption(locale: "en-US", displayName: "English", state: .system),
    ])

    func makeTranscriber() -> (ModelAwaitingTranscriber, FakeTranscriber) {
        let base = FakeTranscriber(log: log)
        let waits = waits
        return (
            ModelAwaitingTranscriber(base: base, installer: installer) { wait in waits.withLock { $0.append(wait) } },
            base
        )
    }

    @Test("with no install running, it transcribes at once")
    func noInstall() async throws {
        let (transcriber, _) = makeTranscriber()
        let result = try await transcriber.transcribe(file: URL(fileURLWithPath: "/a.wav"), locale: "en-US")
        #expect(result.text == "the patient is well")
        #expect(log.calls == ["transcribe a.wav en-US"])
        #expect(waits.current.isEmpty)
    }

    @Test("while the model installs it waits, shows so, and transcribes once installed")
    func waitsForInstall() async throws {
        let (transcriber, _) = makeTranscriber()
        _ = await installer.install(locale: "nl-NL")
        let task = Task { try await transcriber.transcribe(file: URL(fileURLWithPath: "/b.wav"), locale: "nl-NL") }
        #expect(await eventually { waits.current == [.waiting(locale: "nl-NL")] })
        installer.emit(.progress(bytes: 5, total: 10), for: "nl-NL")
        #expect(log.calls.isEmpty, "nothing is transcribed before the model is there")
        installer.emit(.installed, for: "nl-NL")
        let result = try await task.value
        #expect(result.locale == "nl-NL")
        #expect(log.calls == ["transcribe b.wav nl-NL"])
        #expect(waits.current == [.waiting(locale: "nl-NL"), .ready(locale: "nl-NL")])
    }

    @Test(
        "a failed or cancelled install fails the dictation clearly",
        arguments: [
            InstallEvent.failed(reason: "404"), InstallEvent.cancelled,
        ])
    func installFails(_ final: InstallEvent) async throws {
        let (transcriber, _) = makeTranscriber()
        _ = await installer.install(locale: "nl-NL")
        let task = Task { try await transcriber.transcribe(file: URL(fileURLWithPath: "/c.wav"), locale: "nl-NL") }
        #expect(await eventually { !waits.current.isEmpty })
        installer.emit(final, for: "nl-NL")
        await #expect(throws: TranscriptionError.modelNotInstalled(locale: "nl-NL")) { try await task.value }
        #expect(log.calls.isEmpty)
        #expect(waits.current == [.waiting(locale: "nl-NL"), .failed(locale: "nl-NL")])
    }

    @Test("no live decoding while the model installs")
    func noLiveWhileInstalling() async {
        let (transcriber, base) = makeTranscriber()
        base.enableLive { FakeLiveTranscription() }
        _ = await installer.install(locale: "nl-NL")
        #expect(await transcriber.beginLive(locale: "nl-NL") == nil)
        #expect(await transcriber.beginLive(locale: "en-US") != nil)
    }
}
