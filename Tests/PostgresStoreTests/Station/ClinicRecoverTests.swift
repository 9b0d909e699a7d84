import Foundation
import LocalClaims
import StationCore
import StationTestSupport
import Testing

@testable import PostgresStore
@testable import StationApp

/// `recover` on the clinic store: of a workstation's recordings, those a session of the one connected,
/// a report made of the dictation, or a send waiting in the outbox owns are not orphans; an orphan
/// recovered becomes a report of the one connected with its audio in the store, and is not found again.
@Suite("Clinic store: recordings no report owns, recovered", .enabled(if: TestServer.isRunning, TestServer.skipReason))
struct ClinicRecoverTests {
    @Test("only the recording nothing owns is an orphan; recovered, it is a report with its audio, found once")
    func recoverOrphan() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let folder = try AudioFixtures.temporaryDirectory("clinic-recover")
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = StationPaths(dataDirectory: folder.appendingPathComponent("data"))
        try paths.createDirectories()
        let anna = try await clinic.addUser("anna")
        let outbox = ClinicOutbox(folder: paths.dataDirectory.appendingPathComponent("outbox"))
        let store = try await ClinicStore.connect(to: clinic.address, outbox: outbox)
        try await store.impersonate(anna)
        func recording(_ name: String) throws -> URL {
            try ClinicAudioTests.recording(seconds: 1, in: paths.audioDirectory, name: name)
        }

        // A session holds its unsent dictation.
        let held = try recording("s-held-1790000000000-aaaa0001")
        try await store.save(
            SessionRecord(
                id: SessionID("s-held"), name: "Room 12", locale: "en-US", state: .paused, elapsed: .seconds(1),
                audioFile: held, created: Date(), updated: Date()))
        // A report was made of this dictation; its local copy stayed (its removal failed).
        let sent = try recording("s-sent-1790000000000-aaaa0002")
        let copy = try Data(contentsOf: sent)
        _ = try await store.add(ClinicReportStoreTests.newReport("Sent.", audio: sent.path))
        try copy.write(to: sent)
        // A send waits in the outbox for the server.
        let waiting = try recording("s-wait-1790000000000-aaaa0003")
        try outbox.keep(ClinicReportStoreTests.newReport("Waits.", audio: waiting.path), endingSession: nil)
        // Nothing owns this one.
        let orphan = try recording("s-lost-1790000000000-aaaa0004")

        let inventory = ClinicAudioInventory(paths: paths, store: store, markers: ImportMarkerFiles())
        let scan = try await OrphanFinder.scan(inventory)
        #expect(scan.orphans.map(\.file.lastPathComponent) == [orphan.lastPathComponent])
        #expect(!scan.storeIsEmpty)

        let transcriber = FakeTranscriber()
        transcriber.answer("the patient is well")
        let recovery = OrphanRecovery(
            transcriber: transcriber, reports: store, inventory: inventory, clock: ManualClock(), log: SilentLog())
        let outcomes = await recovery.recover(scan.orphans, locale: nil)
        let report: Report
        switch try #require(outcomes.first?.1) {
        case .recovered(let made): report = made
        case let other: Issue.record("not recovered: \(other)"); return
        }
        #expect(report.author == anna, "the report is the one connected's")
        #expect(try await store.storedAudio(ofReport: report.id) != nil, "its audio is in the store")
        #expect(!FileManager.default.fileExists(atPath: orphan.path), "the store keeps it now")
        #expect(try await OrphanFinder.scan(inventory).orphans.isEmpty, "a second run finds nothing")
        // The sent one, the one the outbox kept (delivered as soon as the store was used) and the recovered.
        #expect(
            try clinic.psql("SELECT count(*) FROM dictation.reports WHERE author = '\(anna)'").output == "3")
    }
}
