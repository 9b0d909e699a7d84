import Foundation
import LocalClaims
import SQLiteStore
import StationApp
import StationControl
import StationCore
import StationTestSupport
import Testing

/// Start-up, background sync and shutdown, driven in-process: a real SQLite file in a private folder,
/// fakes only for capture and decoding.
@Suite("StationApp: start-up, background sync and shutdown in-process", .serialized)
@MainActor
final class StationStartupTests {
    /// A private folder with a short path, since a Unix socket's path holds about 100 bytes.
    let folder: URL

    init() throws {
        folder = URL(fileURLWithPath: "/tmp/ds-app-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o700)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    var environment: [String: String] { ["XDG_RUNTIME_DIR": folder.path] }

    var paths: StationPaths { StationPaths(dataDirectory: folder.appendingPathComponent("data")) }

    /// Opens a station on the data directory, as the executable does, with the given clock; `ownership`
    /// is its claims, as a second process would have its own.
    func open(
        clock: ManualClock, ownership: FileDictationOwnership? = nil,
        preload: @escaping @Sendable (String) async -> Void = { _ in }
    ) async throws -> RunningStation {
        let database = try await StationDatabase.open(paths)
        let ports = StationPorts(
            makeCapture: { FakeCapture() }, captureLock: FileCaptureLock(paths: paths),
            ownership: ownership ?? FileDictationOwnership(paths: paths), editLocks: RecordingEditLocks(),
            transcriber: FakeTranscriber(), database: database, installer: FakeModelInstaller(options: []),
            sources: nil, player: nil, modelWaits: AsyncStream { $0.finish() }, preload: preload)
        return await StationStartup.open(
            StationStartup.Context(
                ports: ports, paths: paths, environment: environment, clock: clock,
                log: SilentLog(), author: "alice"))
    }

    /// Whether the database file comes to hold exactly these sessions (saving is asynchronous).
    func saved(_ names: [String]) async throws -> Bool {
        let database = try await StationDatabase.open(paths)
        for _ in 0..<1000 {
            if try await database.loadSessions().map(\.name).sorted() == names { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    @Test("a second start restores the sessions and the selection the first one kept at shutdown")
    func restartRestores() async throws {
        let first = try await open(clock: ManualClock())
        try first.station.createSession(named: "Room 1")
        let second = try first.station.createSession(named: "Room 2")
        try first.station.createSession(named: "Room 3")
        first.station.select(second.id)
        #expect(try await saved(["Room 1", "Room 2", "Room 3"]))
        await first.shutDown()

        let again = try await open(clock: ManualClock())
        defer { Task { await again.shutDown() } }
        #expect(again.station.sessions.map(\.name).sorted() == ["Room 1", "Room 2", "Room 3"])
        #expect(again.station.selected?.name == "Room 2")
    }

    @Test("the decoder loads once the first frame is drawn, not while start-up draws it")
    func preloadAfterFirstFrame() async throws {
        let preloaded = Locked<[String]>([])
        let running = try await open(clock: ManualClock()) { locale in preloaded.withLock { $0.append(locale) } }
        defer { Task { await running.shutDown() } }
        // Start-up has done all it does before the screen draws.
        await running.model.settle()
        #expect(preloaded.withLock { $0 }.isEmpty, "the decoder loads before the first frame")
        running.model.firstFrameDrawn()
        try await waitUntil("the decoder to be preloaded") { !preloaded.withLock { $0 }.isEmpty }
        #expect(preloaded.withLock { $0 }.count == 1, "once, for the chosen locale")
    }

    @Test("the control socket opens with the first frame, answers while the station runs and is gone after shutdown")
    func controlSocketLifetime() async throws {
        let running = try await open(clock: ManualClock())
        await running.model.settle()
        #expect(running.control == nil, "the socket opens before the first frame")
        running.model.firstFrameDrawn()
        let socket = try #require(running.control?.path)
        let reply = try await Task.detached { try ControlClient.send("status", to: socket) }.value
        #expect(reply == "ok IDLE")
        // The subcommand's action, in-process against the same socket, off the main actor that answers.
        let global = GlobalOptions(dataDirectory: paths.dataDirectory.path)
        let status = { [environment] in
            await Task.detached { ControlCommands.status(json: false, globals: global, environment: environment) }.value
        }
        #expect(await status() == ExitStatus.success)
        await running.shutDown()
        #expect(!FileManager.default.fileExists(atPath: socket.path))
        #expect(await status() == ExitStatus.failure)
    }

    @Test("what another station process saved shows here on the background sync, within the 2 s it promises")
    func backgroundSync() async throws {
        let clock = ManualClock()
        let here = try await open(clock: clock)
        defer { Task { await here.shutDown() } }
        let elsewhere = try await open(clock: ManualClock())
        try elsewhere.station.createSession(named: "Ward B")
        #expect(try await saved(["Ward B"]))
        #expect(here.station.sessions.isEmpty)
        clock.advance(by: .seconds(2))
        #expect(await eventually { here.station.sessions.map(\.name) == ["Ward B"] })
        await elsewhere.shutDown()
    }

    @Test("a dictation whose station died is taken over on the 2 s timer, with no change in the store to wake it")
    func takeoverOnTimer() async throws {
        let clock = ManualClock()
        let here = try await open(clock: clock)
        defer { Task { await here.shutDown() } }
        let claims = FileDictationOwnership(paths: paths)
        let elsewhere = try await open(clock: ManualClock(), ownership: claims)
        let dictation = try elsewhere.station.createSession(named: "Ward C")
        #expect(elsewhere.station.perform(.toggle).succeeded)
        #expect(await eventually { dictation.state == .recording })
        let database = try await StationDatabase.open(paths)
        var recorded = false
        for _ in 0..<1000 where !recorded {
            recorded = try await database.session(id: dictation.id)?.state == .recording
            if !recorded { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(recorded)
        clock.advance(by: .seconds(2))
        #expect(await eventually { here.station.sessions.first?.heldElsewhere != nil })
        // The other station dies: its claim goes, and nothing is written to the store.
        claims.release(dictation.id)
        // The change watcher finds nothing changed in the store; the 2 s timer looks again anyway.
        for _ in 0..<4 {
            clock.advance(by: .milliseconds(500))
            for _ in 0..<50 { await Task.yield() }
        }
        #expect(await eventually { here.station.sessions.first?.heldElsewhere == nil })
        #expect(here.station.sessions.first?.state == .paused)
        await elsewhere.shutDown()
    }
}
