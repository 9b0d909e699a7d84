import Foundation
import LocalClaims
import StationApp
import StationCore
import StationTestSupport
import Testing

@testable import PostgresStore

/// The station itself on the clinic store, driven in-process as the executable wires it, with fakes only
/// for capture and decoding: its sessions, settings and reports are the database's, and every name in
/// them is the one the database authenticated.
@Suite(
    "Clinic store: the station on it, in-process", .serialized,
    .enabled(if: TestServer.isRunning, TestServer.skipReason))
@MainActor
final class ClinicStationTests {
    let folder: URL

    init() throws {
        folder = URL(fileURLWithPath: "/tmp/ds-clinic-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o700)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    var paths: StationPaths { StationPaths(dataDirectory: folder.appendingPathComponent("data")) }

    /// A station on `store` that believes its person is `author` (a station could be told anything).
    func open(on store: ClinicStore, author: String) async throws -> RunningStation {
        try paths.createDirectories()
        let ports = StationPorts(
            makeCapture: { FakeCapture() }, captureLock: FileCaptureLock(paths: paths),
            ownership: FileDictationOwnership(paths: paths), editLocks: RecordingEditLocks(),
            transcriber: FakeTranscriber(), database: store, installer: FakeModelInstaller(options: []),
            sources: nil, player: nil, modelWaits: AsyncStream { $0.finish() }, preload: { _ in })
        return await StationStartup.open(
            StationStartup.Context(
                ports: ports, paths: paths, environment: ["XDG_RUNTIME_DIR": folder.path], clock: ManualClock(),
                log: SilentLog(), author: author))
    }

    @Test("a dictation sent becomes a report of the one connected, whatever the station was told; it ends its session")
    func dictationBecomesReport() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let store = try await clinic.store(as: anna)
        let running = try await open(on: store, author: "mallory")
        defer { Task { await running.shutDown() } }
        let station = running.station

        let session = try station.createSession(named: "Room 12")
        #expect(station.perform(.toggle).succeeded)
        #expect(await eventually { session.state == .recording })
        #expect(station.perform(.toggle).succeeded)
        #expect(await eventually { session.state == .paused })
        #expect(station.perform(.send).succeeded)
        #expect(await eventually { session.state == .notRecording })
        await station.settle()

        let reports = try await store.reports(ReportQuery(), limit: 10, offset: 0)
        #expect(reports.count == 1)
        let report = try #require(reports.first)
        #expect(report.author == anna, "the database's session_user, not the station's \"mallory\"")
        #expect(report.sessionName == "Room 12")
        let saved = try #require(try await store.session(id: session.id))
        #expect(saved.state == .notRecording)
        #expect(saved.author == anna)
        #expect(try clinic.psql("SELECT creator FROM dictation.sessions").output == anna)
    }

    @Test("sessions, the selection and the locale come back from the clinic store at the next start")
    func restartRestores() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let first = try await open(on: try await clinic.store(as: anna), author: anna)
        try first.station.createSession(named: "Room 1")
        let second = try first.station.createSession(named: "Room 2")
        first.station.select(second.id)
        await first.station.settle()
        await first.shutDown()
        #expect(
            try clinic.psql("SELECT value FROM dictation.settings WHERE key = 'session.selected'").output
                == second.id.rawValue)

        let again = try await open(on: try await clinic.store(as: anna), author: anna)
        defer { Task { await again.shutDown() } }
        #expect(again.station.sessions.map(\.name).sorted() == ["Room 1", "Room 2"])
        #expect(again.station.selected?.name == "Room 2")

        // Another person's station on the same store starts with none of anna's sessions.
        let bob = try await clinic.addUser("bob")
        let bobs = try await open(on: try await clinic.store(as: bob), author: bob)
        defer { Task { await bobs.shutDown() } }
        #expect(bobs.station.sessions.isEmpty)
    }

    @Test("a recording of this workstation that no report, session or waiting send owns is said at start")
    func strayRecordingSaid() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let store = try await clinic.store(as: anna)
        try paths.createDirectories()
        // A report was made of this dictation, and its local copy stayed: owned.
        let sent = try ClinicAudioTests.recording(
            seconds: 1, in: paths.audioDirectory, name: "s-sent-1790000000000-aaaa0002")
        let copy = try Data(contentsOf: sent)
        _ = try await store.add(ClinicReportStoreTests.newReport("Sent.", audio: sent.path))
        try copy.write(to: sent)
        // Nothing owns this one.
        _ = try ClinicAudioTests.recording(seconds: 1, in: paths.audioDirectory, name: "s-lost-1790000000000-aaaa0004")

        let running = try await open(on: store, author: anna)
        defer { Task { await running.shutDown() } }
        let notifier = running.station.notifier
        let said = await eventually(limit: .seconds(30)) {
            notifier.notifications.contains { $0.message.hasPrefix("1 recording in audio/ has no report") }
        }
        #expect(said, "\(notifier.notifications.map(\.message))")
    }
}
