import Foundation
import LocalClaims
import StationCore
import StationTestSupport
import Testing

@testable import PostgresStore
@testable import StationApp
@testable import StationTUI

/// Changes by LISTEN/NOTIFY: what one station commits shows on the others as it is committed, the poll
/// being only a safety net (here it never runs: the stations' clock never passes).
@Suite(
    "Clinic store: changes shown by notifications", .serialized,
    .enabled(if: TestServer.isRunning, TestServer.skipReason))
@MainActor
final class ClinicChangeTests {
    let folder: URL
    var feeds: [ClinicChangeFeed] = []

    init() throws {
        folder = URL(fileURLWithPath: "/tmp/ds-notify-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o700)
    }

    deinit {
        for feed in feeds { feed.stop() }
        try? FileManager.default.removeItem(at: folder)
    }

    /// A station of `role` on its own data directory, told of changes only by the store's notifications.
    func station(_ name: String, as role: String, in clinic: TestClinic) async throws -> RunningStation {
        let paths = StationPaths(dataDirectory: folder.appendingPathComponent(name))
        try paths.createDirectories()
        let feed = try ClinicChangeFeed.start(at: clinic.address)
        feeds.append(feed)
        let ports = StationPorts(
            makeCapture: { FakeCapture() }, captureLock: FileCaptureLock(paths: paths),
            ownership: FileDictationOwnership(paths: paths), editLocks: FileReportEditLocks(paths: paths),
            transcriber: FakeTranscriber(), database: try await clinic.store(as: role),
            installer: FakeModelInstaller(options: []), sources: nil, player: nil,
            modelWaits: AsyncStream { $0.finish() }, preload: { _ in }, changeNotices: feed.notices,
            changePoll: .seconds(3600))
        return await StationStartup.open(
            StationStartup.Context(
                ports: ports, paths: paths, environment: ["XDG_RUNTIME_DIR": paths.dataDirectory.path],
                clock: ManualClock(), log: SilentLog(), author: role))
    }

    /// How long `condition` took to hold after `start`, looked at every millisecond; nil after 30 s.
    func timeUntil(since start: ContinuousClock.Instant, _ condition: () -> Bool) async -> Duration? {
        while ContinuousClock.now - start < .seconds(Patience.seconds) {
            if condition() { return ContinuousClock.now - start }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return nil
    }

    static func milliseconds(_ duration: Duration?) -> String {
        duration.map {
            String(format: "%.1f ms", Double($0.components.attoseconds) / 1e15 + Double($0.components.seconds) * 1000)
        } ?? "never"
    }

    @Test("a new report, a rename and a signature show on the other station as they are committed")
    func changesShowAtOnce() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let bob = try await clinic.addUser("bob")
        let annaAtWard = try await station("ws12", as: anna, in: clinic)
        let annaAtDesk = try await station("ws13", as: anna, in: clinic)
        let bobs = try await station("ws14", as: bob, in: clinic)
        defer { Task { for running in [annaAtWard, annaAtDesk, bobs] { await running.shutDown() } } }
        let annas = try await clinic.store(as: anna)

        // A new session, then its rename, show on anna's other station.
        let session = try annaAtWard.station.createSession(named: "Room 12")
        await annaAtWard.station.settle()
        let made = await timeUntil(since: .now) { annaAtDesk.station.sessions.contains { $0.id == session.id } }
        #expect(made != nil, "the new session shows on anna's other station")
        let renamedAt = ContinuousClock.now
        try annaAtWard.station.rename(session.id, to: "Room 14")
        await annaAtWard.station.settle()
        let renamed = await timeUntil(since: renamedAt) {
            annaAtDesk.station.sessions.first { $0.id == session.id }?.name == "Room 14"
        }
        #expect(renamed != nil, "the rename shows on anna's other station")

        // A new report of anna's, then her signature, show on bob's station.
        let sentAt = ContinuousClock.now
        let report = try await annas.add(ClinicReportStoreTests.newReport("Fracture heals."))
        let added = await timeUntil(since: sentAt) { bobs.model.reportList.reports.contains { $0.id == report.id } }
        #expect(added != nil, "the new report shows on bob's station")
        let signedAt = ContinuousClock.now
        _ = try await annas.sign(id: report.id, by: anna, at: Date())
        let signed = await timeUntil(since: signedAt) {
            bobs.model.reportList.reports.first { $0.id == report.id }?.status == .signed
        }
        #expect(signed != nil, "the signature shows on bob's station")
        print(
            "clinic change notices, from the commit to the other station's model (a figure, not a limit): "
                + "rename \(Self.milliseconds(renamed)), new report \(Self.milliseconds(added)), "
                + "signature \(Self.milliseconds(signed))")
    }

    @Test("after the server was away the feed listens again, and says to read again what it may have missed")
    func feedSurvivesRestart() async throws {
        let server = try await PrivateServer.make()
        defer { server.remove() }
        let feed = try ClinicChangeFeed.start(at: server.address(database: "clinic"), retryInterval: .milliseconds(200))
        feeds.append(feed)
        var notices = feed.notices.makeAsyncIterator()
        try server.psql("SELECT pg_notify('dictation_changes', 'x')")
        #expect(await notices.next() != nil)

        try server.stop()
        try server.start()
        #expect(await notices.next() != nil, "one notice once it listens again: what it may have missed")
        try server.psql("SELECT pg_notify('dictation_changes', 'x')")
        #expect(await notices.next() != nil, "and the next change")
    }
}
