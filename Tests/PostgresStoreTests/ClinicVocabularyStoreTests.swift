import Foundation
import LocalClaims
import SphinxSpeech
import StationCore
import StationSystem
import StationTestSupport
import Testing

@testable import PostgresStore
@testable import StationApp

/// The clinic vocabulary in the clinic store: a word one member adds is every member's, on every
/// workstation, decoded there; the store records who added it.
@Suite("Clinic store: the clinic vocabulary", .enabled(if: TestServer.isRunning, TestServer.skipReason))
struct ClinicVocabularyStoreTests {
    static let metoprolol = ["M", "EH", "T", "AH", "P", "R", "AW", "L", "AA", "L"]

    static func workstation(_ clinic: TestClinic, as role: String) async throws -> (StationPaths, VocabularyPlace) {
        let paths = StationPaths(dataDirectory: try AudioFixtures.temporaryDirectory("clinic-vocabulary"))
        return (paths, .clinic(try await clinic.store(as: role), paths: paths))
    }

    @Test("a word added on one workstation is decoded on another, by another member; who added it is recorded")
    func everyMembers() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let bob = try await clinic.addUser("bob")
        let (annasPaths, annas) = try await Self.workstation(clinic, as: anna)
        defer { try? FileManager.default.removeItem(at: annasPaths.dataDirectory) }
        let (bobsPaths, bobs) = try await Self.workstation(clinic, as: bob)
        defer { try? FileManager.default.removeItem(at: bobsPaths.dataDirectory) }

        #expect(try await annas.add("metoprolol", Self.metoprolol, "en-US") == .added)
        #expect(try await annas.add("metoprolol", Self.metoprolol, "en-US") == .unchanged)
        #expect(
            try clinic.psql("SELECT locale, word, phones, added_by FROM dictation.vocabulary").output
                == "en-US|metoprolol|\(Self.metoprolol.joined(separator: " "))|\(anna)")

        // Bob's workstation, as it opens the store, copies the words for its decoder.
        try await bobs.refresh()
        #expect(try bobs.folder.entries(locale: "en-US").map(\.word) == ["metoprolol"])
        let file = try bobs.folder.file(locale: "en-US")
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
        #expect(
            try FileManager.default.attributesOfItem(atPath: bobs.folder.directory.path)[.posixPermissions] as? Int
                == 0o700)
        #expect(
            !FileManager.default.fileExists(
                atPath: bobsPaths.dataDirectory.appendingPathComponent("vocabulary/en-US.dict").path),
            "not the data directory's own vocabulary")

        // Decoded there: the station's transcriber, given the copy as the wiring gives it.
        let audio = try SpokenSentence.wav(
            "the patient takes metoprolol for blood pressure", named: "metoprolol", in: bobsPaths.dataDirectory)
        let transcriber = SphinxTranscriber(paths: bobsPaths, vocabulary: bobs.folder)
        let text = try await transcriber.transcribe(file: audio, locale: "en-US").text.lowercased()
        #expect(text.contains("metoprolol"), "\(text)")
        let stock = try await SphinxTranscriber(paths: bobsPaths).transcribe(file: audio, locale: "en-US").text
        #expect(!stock.lowercased().contains("metoprolol"), "the data directory's own vocabulary lacks it: \(stock)")

        // Bob says it anew: the store records him; anna's copy follows. Then he removes it.
        let anew = ["M", "EH", "T", "OW", "P", "R", "OW", "L", "AA", "L"]
        #expect(try await bobs.add("metoprolol", anew, "en-US") == .replaced(previous: Self.metoprolol))
        #expect(try clinic.psql("SELECT added_by FROM dictation.vocabulary").output == bob)
        try await annas.refresh()
        #expect(try annas.folder.entries(locale: "en-US").map(\.phones) == [anew])
        #expect(try await bobs.remove("metoprolol", "en-US"))
        #expect(try await !bobs.remove("metoprolol", "en-US"))
        try await annas.refresh()
        #expect(annas.folder.locales().isEmpty, "a locale with no words left has no file")
    }

    @Test("a word added on another workstation reaches a running station's decoding copy when the store tells of it")
    @MainActor
    func runningStationFollows() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let bob = try await clinic.addUser("bob")
        let (paths, place) = try await Self.workstation(clinic, as: anna)
        defer { try? FileManager.default.removeItem(at: paths.dataDirectory) }
        try paths.createDirectories()
        let feed = try ClinicChangeFeed.start(at: clinic.address)
        defer { feed.stop() }
        // Told of changes only by the store's notifications: the poll never runs (the clock never passes).
        let ports = StationPorts(
            makeCapture: { FakeCapture() }, captureLock: FileCaptureLock(paths: paths),
            ownership: FileDictationOwnership(paths: paths), editLocks: FileReportEditLocks(paths: paths),
            transcriber: FakeTranscriber(), database: try await clinic.store(as: anna),
            installer: FakeModelInstaller(options: []), sources: nil, player: nil,
            modelWaits: AsyncStream { $0.finish() }, preload: { _ in }, changeNotices: feed.notices,
            changePoll: .seconds(3600), storeChanged: { try? await place.refresh() })
        try await place.refresh()
        let running = await StationStartup.open(
            StationStartup.Context(
                ports: ports, paths: paths, environment: ["XDG_RUNTIME_DIR": paths.dataDirectory.path],
                clock: ManualClock(), log: SilentLog(), author: anna))
        defer { Task { await running.shutDown() } }
        #expect(place.folder.locales().isEmpty)

        _ = try await clinic.store(as: bob).addVocabularyWord(
            "metoprolol", phones: Self.metoprolol, locale: "en-US", limit: ClinicVocabulary.maximumWords)
        let arrived = await eventually(limit: .seconds(30)) {
            (try? place.folder.entries(locale: "en-US").map(\.word)) == ["metoprolol"]
        }
        #expect(arrived, "the running station's copy has bob's word")
    }

    @Test("a word added, said anew or removed elsewhere shows on the slow poll, when a notification was lost")
    func pollSeesWords() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let bob = try await clinic.addUser("bob")
        let annas = try await clinic.store(as: anna)
        let bobs = try await clinic.store(as: bob)
        let limit = ClinicVocabulary.maximumWords
        #expect(try await annas.hasChangedElsewhere() == false, "the first look only takes note")

        _ = try await bobs.addVocabularyWord("metoprolol", phones: Self.metoprolol, locale: "en-US", limit: limit)
        #expect(try await annas.hasChangedElsewhere(), "a word added")
        #expect(try await annas.hasChangedElsewhere() == false, "the change is seen once")
        _ = try await bobs.addVocabularyWord(
            "metoprolol", phones: ["M", "EH", "T", "OW", "P", "R", "OW", "L", "AA", "L"], locale: "en-US", limit: limit)
        #expect(try await annas.hasChangedElsewhere(), "a word said anew")
        #expect(try await bobs.removeVocabularyWord("metoprolol", locale: "en-US"))
        #expect(try await annas.hasChangedElsewhere(), "a word removed")
        #expect(try await annas.hasChangedElsewhere() == false)
    }

    @Test("a word psql stored under a locale written otherwise (EN-us) is copied into that locale's file")
    func localeAsWritten() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let (paths, place) = try await Self.workstation(clinic, as: anna)
        defer { try? FileManager.default.removeItem(at: paths.dataDirectory) }
        try clinic.psql(
            "INSERT INTO dictation.vocabulary (locale, word, phones) VALUES ('EN-us', 'tachy', 'T AE K IY')", as: anna
        ).mustSucceed()
        try await place.refresh()
        #expect(place.folder.locales() == ["en-US"])
        #expect(try place.folder.entries(locale: "en-US").map(\.word) == ["tachy"])
    }

    @Test("no one adds a word in another's name; a locale takes at most its limit of words")
    func rules() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let bob = try await clinic.addUser("bob")
        let store = try await clinic.store(as: anna)
        _ = try await store.addVocabularyWord("tachycardia", phones: ["T", "AE"], locale: "en-US", limit: 1)
        let refused = try await store.addVocabularyWord("bradycardia", phones: ["B", "R"], locale: "en-US", limit: 1)
        #expect(refused.tooMany)
        #expect(try clinic.psql("SELECT count(*) FROM dictation.vocabulary").output == "1")

        let forged = try clinic.psql(
            "INSERT INTO dictation.vocabulary (locale, word, phones, added_by) VALUES ('en-US', 'x', 'EH K S', '\(anna)')",
            as: bob)
        #expect(!forged.succeeded && forged.errors.contains("permission denied"))
        let renamed = try clinic.psql("UPDATE dictation.vocabulary SET added_by = '\(bob)'", as: bob)
        #expect(!renamed.succeeded && renamed.errors.contains("permission denied"))
        // A member's own change is recorded as theirs, whatever the statement says.
        try clinic.psql("UPDATE dictation.vocabulary SET phones = 'T AE K'", as: bob).mustSucceed()
        #expect(try clinic.psql("SELECT phones, added_by FROM dictation.vocabulary").output == "T AE K|\(bob)")
    }
}
