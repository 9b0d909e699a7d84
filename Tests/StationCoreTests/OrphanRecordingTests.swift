import Foundation
import StationCore
import StationTestSupport
import Testing

/// An audio folder and database in memory: the files there, the names owned, the import markers.
final class FakeInventory: AudioInventory, Sendable {
    struct State {
        var files: [String] = []
        var owned: Set<String> = []
        var markers: [String: ImportMarkerState] = [:]
        var storeEmpty = false
    }

    let state: Locked<State>

    init(_ state: State) { self.state = Locked(state) }

    func recordings() throws -> [AudioFileEntry] {
        state.current.files.map { AudioFileEntry(file: URL(fileURLWithPath: "/data/audio/\($0)"), modified: nil) }
    }

    func ownedRecordingNames() async throws -> Set<String> { state.current.owned }
    func storeIsEmpty() async throws -> Bool { state.current.storeEmpty }
    func importMarker(for recording: URL) -> ImportMarkerState {
        state.current.markers[recording.lastPathComponent] ?? .none
    }
    func removeImportMarker(for recording: URL) {
        state.withLock { $0.markers[recording.lastPathComponent] = nil }
    }
}

@Suite("Recordings no session or report owns")
struct OrphanRecordingTests {
    @Test("a recording is an orphan unless a session or report owns it; a running import's is not")
    func findsOrphans() async throws {
        let inventory = FakeInventory(
            .init(
                files: ["a.wav", "owned.wav", "import-1-x.wav", "import-2-y.wav"], owned: ["owned.wav"],
                markers: [
                    "import-1-x.wav": .unfinished(ImportIntent(session: "Ward round", locale: "en-US")),
                    "import-2-y.wav": .inProgress,
                ]))
        let scan = try await OrphanFinder.scan(inventory)
        #expect(scan.orphans.map(\.file.lastPathComponent) == ["a.wav", "import-1-x.wav"])
        #expect(scan.orphans[1].unfinishedImport?.intent?.session == "Ward round")
        #expect(scan.importsInProgress == 1)
        #expect(scan.unfinishedImports == 1)
        #expect(!scan.storeIsEmpty)
        #expect(
            OrphanNotice.message(for: scan)
                == "2 recordings in audio/ belong to no report (1 from unfinished imports): run "
                + "`dictation-station recover` to transcribe them into reports (the audio is kept).")
    }

    @Test("an empty database beside recordings says so and points to recover")
    func emptyDatabase() async throws {
        let scan = try await OrphanFinder.scan(FakeInventory(.init(files: ["s-1.wav", "s-2.wav"], storeEmpty: true)))
        let message = try #require(OrphanNotice.message(for: scan))
        #expect(message.hasPrefix("The database is empty but audio/ holds 2 recordings"))
        #expect(message.contains("dictation-station recover"))
        let screen = try #require(OrphanNotice.screenLine(for: scan))
        #expect(screen.kind == .error)
        #expect(screen.message == "Database is empty, audio/ holds 2 recordings: run dictation-station recover")
        #expect(screen.message.count + 4 <= 80, "fits the strip of an 80-column terminal")
    }

    @Test("the first import, killed, beside an empty database is an unfinished import, not a lost database")
    func firstImportKilled() async throws {
        let inventory = FakeInventory(
            .init(files: ["import-1-x.wav"], markers: ["import-1-x.wav": .unfinished(nil)], storeEmpty: true))
        let scan = try await OrphanFinder.scan(inventory)
        #expect(!scan.storeIsEmpty)
        #expect(
            OrphanNotice.message(for: scan)?.hasPrefix(
                "1 recording in audio/ belongs to no report (from an unfinished import)") == true)
        #expect(OrphanNotice.screenLine(for: scan)?.kind == .warning)
    }

    @Test("a copy smaller than its original is known to be cut short; a whole one is not")
    func incompleteCopy() {
        let intent = ImportIntent(session: "W", locale: "en-US", bytes: 230_000_000)
        let cut = OrphanRecording(
            file: URL(fileURLWithPath: "/a/i.wav"), modified: nil, bytes: 12_000_000,
            unfinishedImport: .init(intent: intent))
        #expect(cut.incompleteCopy?.copied == 12_000_000)
        #expect(cut.incompleteCopy?.expected == 230_000_000)
        var whole = cut
        whole.bytes = 230_000_000
        #expect(whole.incompleteCopy == nil)
        #expect(OrphanRecording(file: cut.file, modified: nil, bytes: 5).incompleteCopy == nil, "no import, no claim")
    }

    @Test("nothing to say when every recording has an owner, or there are none")
    func nothingToSay() async throws {
        let owned = try await OrphanFinder.scan(FakeInventory(.init(files: ["a.wav"], owned: ["a.wav"])))
        #expect(OrphanNotice.message(for: owned) == nil)
        #expect(OrphanNotice.message(for: try await OrphanFinder.scan(FakeInventory(.init()))) == nil)
    }

    @Test("recovery makes one report per orphan, keeping its recording, and a second recovery finds nothing")
    func recoversOnce() async throws {
        let inventory = FakeInventory(
            .init(
                files: ["a.wav", "import-1-x.wav"],
                markers: ["import-1-x.wav": .unfinished(ImportIntent(session: "Ward round", locale: "nl-NL"))]))
        let reports = InMemoryReportStore()
        let transcriber = FakeTranscriber()
        transcriber.answer("Patient stable.")
        let recovery = OrphanRecovery(
            transcriber: transcriber, reports: reports, inventory: inventory, clock: ManualClock(), log: SilentLog())
        let scan = try await OrphanFinder.scan(inventory)
        let outcomes = await recovery.recover(scan.orphans, locale: nil)
        #expect(outcomes.allSatisfy { if case .recovered = $0.1 { true } else { false } })
        #expect(reports.all.map(\.sessionName) == ["Recovered a.wav", "Ward round"])
        #expect(reports.all.map(\.audioFile?.lastPathComponent) == ["a.wav", "import-1-x.wav"])
        #expect(transcriber.log.calls == ["transcribe a.wav en-US", "transcribe import-1-x.wav nl-NL"])
        #expect(inventory.state.current.markers.isEmpty, "the marker goes once the report is stored")

        // The adapter's owners now include the reports' files.
        inventory.state.withLock { $0.owned = Set(reports.all.compactMap(\.audioFile?.lastPathComponent)) }
        #expect(try await OrphanFinder.scan(inventory).orphans.isEmpty)
    }

    @Test("--locale overrides each orphan's own locale")
    func localeOverride() async throws {
        let inventory = FakeInventory(
            .init(files: ["i.wav"], markers: ["i.wav": .unfinished(ImportIntent(session: "W", locale: "nl-NL"))]))
        let transcriber = FakeTranscriber()
        let recovery = OrphanRecovery(
            transcriber: transcriber, reports: InMemoryReportStore(), inventory: inventory, clock: ManualClock(),
            log: SilentLog())
        _ = await recovery.recover(try await OrphanFinder.scan(inventory).orphans, locale: "de-DE")
        #expect(transcriber.log.calls == ["transcribe i.wav de-DE"])
    }

    @Test("a recording that cannot be transcribed stays an orphan with its marker; a newly owned one is skipped")
    func failuresKeepTheRecording() async throws {
        let inventory = FakeInventory(
            .init(files: ["a.wav", "b.wav"], markers: ["a.wav": .unfinished(nil)]))
        let reports = InMemoryReportStore()
        let transcriber = FakeTranscriber()
        transcriber.fail(with: TranscriptionError.modelNotInstalled(locale: "en-US"))
        let recovery = OrphanRecovery(
            transcriber: transcriber, reports: reports, inventory: inventory, clock: ManualClock(), log: SilentLog())
        let orphans = try await OrphanFinder.scan(inventory).orphans
        inventory.state.withLock { $0.owned = ["b.wav"] }
        let outcomes = await recovery.recover(orphans, locale: nil)
        guard case .failed(.transcriptionFailed(let detail)) = outcomes[0].1 else {
            Issue.record("expected a transcription failure, got \(outcomes[0].1)")
            return
        }
        #expect(detail.contains("en-US"))
        #expect(outcomes[1].1 == .alreadyOwned)
        #expect(reports.all.isEmpty)
        #expect(inventory.state.current.markers["a.wav"] == .unfinished(nil))
    }
}

@Suite("The locale of an import")
struct ImportLocaleTests {
    let sessions = [
        SessionRecord(
            id: SessionID("1"), name: "Ward round", locale: "en-US", state: .notRecording, elapsed: .zero,
            audioFile: nil, created: Date(timeIntervalSince1970: 0), updated: Date(timeIntervalSince1970: 0))
    ]

    @Test("an existing session's locale wins over the station's chosen one")
    func sessionWins() {
        let session = ImportLocale.sessionLocale(named: " ward ROUND ", in: sessions)
        #expect(session == "en-US")
        #expect(
            ImportLocale.resolve(option: nil, sessionLocale: session, chosen: "nl-NL", fallback: "en-US") == "en-US")
    }

    @Test("--locale overrides the session's; a new session takes the chosen locale, else the fallback")
    func optionAndNewSession() {
        #expect(
            ImportLocale.resolve(option: "de-DE", sessionLocale: "en-US", chosen: "nl-NL", fallback: "x") == "de-DE")
        let none = ImportLocale.sessionLocale(named: "Room 3", in: sessions)
        #expect(none == nil)
        #expect(ImportLocale.resolve(option: nil, sessionLocale: none, chosen: "nl-NL", fallback: "en-US") == "nl-NL")
        #expect(ImportLocale.resolve(option: nil, sessionLocale: nil, chosen: nil, fallback: "en-US") == "en-US")
    }
}
