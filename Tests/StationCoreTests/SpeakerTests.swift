import Foundation
import StationCore
import StationTestSupport
import Testing

/// A dictation is decoded as its author's: the session hands its author to the transcriber, which
/// picks their voice profile.
@MainActor
@Suite("The dictation's author as the decoder's speaker")
struct SpeakerTests {
    @Test("a sent dictation is transcribed with its session's author as the speaker")
    func wholeFile() async {
        let fixture = StationFixture(author: "anna")
        let session = fixture.makeSession()
        session.pressMainAction()
        fixture.clock.advance(by: .seconds(3))
        session.pressMainAction()
        session.pressSend()
        await session.settle()
        #expect(fixture.log.calls.contains { $0.hasPrefix("transcribe") })
        // The live decode asked for (none here), then the whole file.
        #expect(fixture.transcriber.speakers == ["anna", "anna"])
    }

    @Test("a live decode is begun with the session's author as the speaker")
    func live() async {
        let fixture = StationFixture(author: "anna")
        let log = fixture.log
        fixture.transcriber.enableLive { FakeLiveTranscription(log: log) }
        let session = fixture.makeSession()
        session.pressMainAction()
        #expect(await eventually { fixture.log.calls.contains { $0.hasPrefix("beginLive") } })
        session.pressMainAction()
        session.pressSend()
        await session.settle()
        #expect(fixture.transcriber.speakers == ["anna"])
    }

    @Test("a station without a known author asks for no speaker (the stock model)")
    func noAuthor() async {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        session.pressMainAction()
        session.pressMainAction()
        session.pressSend()
        await session.settle()
        #expect(fixture.transcriber.speakers == [nil, nil])
    }

    @Test("an import is transcribed as its author's and its marker names them for a recovery")
    func importing() async throws {
        let root = try AudioFixtures.temporaryDirectory("import-speaker")
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = StationPaths(dataDirectory: root.appendingPathComponent("data"))
        try paths.createDirectories()
        let file = root.appendingPathComponent("ward.wav")
        try Data("audio".utf8).write(to: file)
        let transcriber = FakeTranscriber()
        let marking = IntentKeepingMarking()
        let importer = DictationImporter(
            transcriber: transcriber, reports: InMemoryReportStore(), paths: paths, clock: ManualClock(),
            log: SilentLog(), marking: marking)
        _ = try await importer.importRecordings([file], session: "Ward", locale: "en-US", author: "anna")
        #expect(transcriber.speakers == ["anna"])
        #expect(marking.intents.current.map(\.author) == ["anna"])
    }

    @Test("a recovered import is transcribed as its marker's author and names them; without one, no speaker")
    func recovering() async throws {
        let inventory = FakeInventory(
            .init(
                files: ["a.wav", "import-1-x.wav"],
                markers: [
                    "import-1-x.wav": .unfinished(ImportIntent(session: "Ward", locale: "en-US", author: "anna"))
                ]))
        let reports = InMemoryReportStore()
        let transcriber = FakeTranscriber()
        let recovery = OrphanRecovery(
            transcriber: transcriber, reports: reports, inventory: inventory, clock: ManualClock(), log: SilentLog())
        _ = await recovery.recover(try await OrphanFinder.scan(inventory).orphans, locale: nil)
        #expect(transcriber.speakers == [nil, "anna"])
        #expect(reports.all.map(\.author) == [nil, "anna"])
    }
}

/// The station's transcriber waits for a model being installed; the speaker goes through it.
@Suite("The speaker through a transcriber waiting for its model")
struct ModelAwaitingSpeakerTests {
    @Test("a file and a live decode keep their speaker")
    func forwarded() async throws {
        let base = FakeTranscriber()
        let transcriber = ModelAwaitingTranscriber(base: base, installer: FakeModelInstaller(options: []))
        _ = try await transcriber.transcribe(file: URL(fileURLWithPath: "/x.wav"), locale: "en-US", speaker: "anna")
        _ = await transcriber.beginLive(locale: "en-US", speaker: "ben")
        _ = try await transcriber.transcribe(file: URL(fileURLWithPath: "/x.wav"), locale: "en-US")
        #expect(base.speakers == ["anna", "ben", nil])
    }
}

/// Import markers kept in memory: the intents the importer wrote.
private final class IntentKeepingMarking: ImportMarking, Sendable {
    let intents = Locked<[ImportIntent]>([])

    func begin(_ recording: URL, intent: ImportIntent) throws -> any ImportMark {
        intents.withLock { $0.append(intent) }
        return NoMark()
    }

    struct NoMark: ImportMark {
        func end() {}
    }
}
