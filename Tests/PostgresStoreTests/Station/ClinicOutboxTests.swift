import Foundation
import LocalClaims
import StationCore
import StationSystem
import StationTestSupport
import Testing

@testable import PostgresStore
@testable import StationApp

/// Losing the server loses nothing: a dictation sent while the clinic store cannot be reached is kept
/// on the workstation (private) and delivered once when it is back; a server restart in the middle of
/// a send never makes two reports. Each test runs its own server, which it stops and starts.
@Suite(
    "Clinic store: sending while the server is away", .serialized,
    .enabled(if: getuid() == 0, "initdb as postgres needs root"))
@MainActor
final class ClinicOutboxTests {
    let folder: URL

    init() throws {
        folder = URL(fileURLWithPath: "/tmp/ds-outbox-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o700)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    var paths: StationPaths { StationPaths(dataDirectory: folder.appendingPathComponent("data")) }
    var outbox: ClinicOutbox { ClinicOutbox(folder: paths.dataDirectory.appendingPathComponent("outbox")) }

    func count(_ server: PrivateServer, _ table: String) throws -> String {
        try server.psql("SELECT count(*) FROM dictation.\(table)").output
    }

    @Test(
        "a dictation sent while the server is away is kept privately, said to wait, and delivered once when it is back")
    func keptAndDelivered() async throws {
        let server = try await PrivateServer.make()
        defer { server.remove() }
        try paths.createDirectories()
        let clock = ManualClock()
        let store = try await ClinicStore.connect(
            to: server.address(database: "clinic"), outbox: outbox, clock: clock)
        let ports = StationPorts(
            makeCapture: { FakeCapture() }, captureLock: FileCaptureLock(paths: paths),
            ownership: FileDictationOwnership(paths: paths), editLocks: FileReportEditLocks(paths: paths),
            transcriber: FakeTranscriber(), database: store, installer: FakeModelInstaller(options: []),
            sources: nil, player: nil, modelWaits: AsyncStream { $0.finish() }, preload: { _ in }, outbox: outbox)
        let running = await StationStartup.open(
            StationStartup.Context(
                ports: ports, paths: paths, environment: ["XDG_RUNTIME_DIR": paths.dataDirectory.path],
                clock: clock, log: SilentLog(), author: "anna"))
        defer { Task { await running.shutDown() } }
        let station = running.station

        let session = try station.createSession(named: "Room 12")
        #expect(station.perform(.toggle).succeeded)
        #expect(await eventually { session.state == .recording })
        let recording = try #require(session.audioFile)
        try AudioFixtures.sox(["-n", "-r", "16000", "-c", "1", "-b", "16", recording.path, "synth", "2", "sine", "440"])
        #expect(station.perform(.toggle).succeeded)
        #expect(await eventually { session.state == .paused })
        await station.settle()

        try server.stop()
        #expect(station.perform(.send).succeeded)
        #expect(await eventually(limit: .seconds(60)) { session.state == .notRecording }, "it counts as sent")
        let waiting = outbox.waiting()
        #expect(waiting.count == 1)
        #expect(FileManager.default.fileExists(atPath: recording.path), "its recording stays until delivered")
        let file = try #require(
            try FileManager.default.contentsOfDirectory(at: outbox.folder, includingPropertiesForKeys: nil).first)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
        #expect(
            try FileManager.default.attributesOfItem(atPath: outbox.folder.path)[.posixPermissions] as? Int == 0o700)
        station.notifier.dropStale()
        #expect(
            station.notifier.notifications.contains { $0.message.contains("kept on this workstation") },
            "the screen says what waits: \(station.notifier.notifications.map(\.message))")

        try server.start()
        // The store tries to connect again at most once per retry interval while the server is away.
        clock.advance(by: ClinicStore.retryInterval)
        await station.syncSessions()
        #expect(try count(server, "reports") == "1")
        #expect(try count(server, "report_audio_digests") == "1", "with its audio")
        #expect(try server.psql("SELECT state FROM dictation.sessions").output == "notRecording")
        #expect(outbox.waiting().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: recording.path), "the store keeps it now")
        station.notifier.dropStale()
        #expect(!station.notifier.notifications.contains { $0.message.contains("kept on this workstation") })
        await station.syncSessions()
        #expect(try count(server, "reports") == "1", "delivered once")
    }

    @Test("a server restart in the middle of a send makes one report, however often the dictation is sent again")
    func restartMidSend() async throws {
        let server = try await PrivateServer.make()
        defer { server.remove() }
        let store = try await ClinicStore.connect(to: server.address(database: "clinic"), outbox: outbox)
        let audio = try ClinicAudioTests.recording(seconds: 3, in: folder)
        let report = ClinicReportStoreTests.newReport("Mid-send.", audio: audio.path)
        let ended = SessionRecord(
            id: SessionID("s-1"), name: "Room 12", locale: "en-US", state: .notRecording, elapsed: .zero,
            audioFile: nil, created: Date(), updated: Date())

        // Another session holds the sessions table, so the send waits inside its transaction...
        var spawn = Spawn(
            "/usr/bin/psql", ["-X", "-q", "-d", server.address(database: "clinic").conninfo])
        spawn.environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"]
        spawn.input = .pipe
        spawn.output = .capture
        spawn.errors = .capture
        let blocker = try spawn.start()
        defer {
            blocker.signal(SIGKILL)
            _ = blocker.wait()
        }
        try blocker.input?.writeAll("BEGIN; LOCK TABLE dictation.sessions IN EXCLUSIVE MODE;\n")
        let sending = Task { try await store.add(report, ending: ended) }
        try await waitUntil("the send waiting for the lock") {
            try server.psql("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'").output == "1"
        }
        // ...when the server goes down, and comes back. A fast shutdown ends every backend, but the one
        // holding the lock may go first and let the send commit: the sending backend is ended first.
        _ = try server.psql(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE wait_event_type = 'Lock'")
        try server.stop()
        await #expect(throws: DictationKept(audioFile: audio)) { try await sending.value }
        try server.start()

        #expect(try await store.reports(ReportQuery(), limit: 10, offset: 0).count == 1, "delivered first")
        #expect(try count(server, "reports") == "1")
        // Sent again (a station that never heard back), and kept again: still one report.
        _ = try await store.add(report, ending: ended)
        try outbox.keep(report, endingSession: ended.id)
        _ = try await store.reports(ReportQuery(), limit: 10, offset: 0)
        #expect(try count(server, "reports") == "1")
        #expect(outbox.waiting().isEmpty)
    }
}
