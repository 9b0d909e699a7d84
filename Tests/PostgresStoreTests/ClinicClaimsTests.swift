import Foundation
import LocalClaims
import StationCore
import StationSystem
import StationTestSupport
import Testing

@testable import PostgresStore
@testable import StationApp

/// Exactly one owner per dictation across workstations: session-level advisory locks on a connection of
/// their own, the holder named from `pg_stat_activity`, a dead holder's claim taken over exactly once.
@Suite("Clinic store: claims as advisory locks", .serialized, .enabled(if: TestServer.isRunning, TestServer.skipReason))
@MainActor
final class ClinicClaimsTests {
    let folder: URL

    init() throws {
        folder = URL(fileURLWithPath: "/tmp/ds-claims-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o700)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// psql holding `key`'s advisory lock on an idle connection that names `workstation`, until killed.
    nonisolated static func holdingProcess(
        _ key: String, address: StoreAddress, workstation: String
    ) throws
        -> ChildProcess
    {
        var spawn = Spawn("/usr/bin/psql", ["-X", "-q", "-d", address.conninfo])
        spawn.environment = [
            "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "PGAPPNAME": "dictation-station@\(workstation)",
        ]
        spawn.input = .pipe
        spawn.output = .capture
        spawn.errors = .capture
        let child = try spawn.start()
        try child.input?.writeAll("SELECT pg_advisory_lock(hashtextextended('\(key)', 0));\n")
        return child
    }

    /// Each of `claims` claims `key` at the same moment, each on a thread of its own.
    nonisolated static func claimAtOnce(_ key: String, by claims: [ClinicClaims]) async -> [ClinicClaims.Outcome] {
        await withTaskGroup(of: ClinicClaims.Outcome.self) { group in
            for each in claims { group.addTask { each.claim(key) } }
            var outcomes: [ClinicClaims.Outcome] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
    }

    @Test("one session holds a claim, again and again; another is told who holds it: the role and the workstation")
    func oneHolderNamed() async throws {
        let clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let here = try ClinicClaims.connect(to: clinic.address)
        let there = try ClinicClaims.connect(to: clinic.address)

        #expect(here.claim("dictation:s-1") == .claimed)
        #expect(here.claim("dictation:s-1") == .claimed)
        guard case .held(let holder) = there.claim("dictation:s-1") else {
            Issue.record("a second session took a held claim")
            return
        }
        #expect(holder?.user == ProcessInfo.processInfo.userName, "the role the server authenticated")
        #expect(holder?.host == HostName.current)
        #expect(holder?.description == "\(ProcessInfo.processInfo.userName) on \(HostName.current)")
        here.release("dictation:s-1")
        #expect(there.claim("dictation:s-1") == .claimed)
        #expect(here.claim("dictation:s-1") != .claimed)

        // Another workstation's station is named by the workstation its connection names.
        let elsewhere = try Self.holdingProcess("report-edit:7", address: clinic.address, workstation: "ws-12")
        defer {
            elsewhere.signal(SIGKILL)
            _ = elsewhere.wait()
        }
        try await waitUntil("psql holding the claim") { here.holder(of: "report-edit:7") != nil }
        #expect(here.claim("report-edit:7") == .held(here.holder(of: "report-edit:7")))
        #expect(here.holder(of: "report-edit:7")?.host == "ws-12")
    }

    @Test("a holder killed with -9 lets go, and of two stations waiting exactly one takes the claim")
    func killedHolderTakenOnce() async throws {
        let clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let first = try ClinicClaims.connect(to: clinic.address)
        let second = try ClinicClaims.connect(to: clinic.address)
        let holder = try Self.holdingProcess("dictation:s-9", address: clinic.address, workstation: "ws-12")
        try await waitUntil("psql holding the claim") { first.holder(of: "dictation:s-9")?.host == "ws-12" }
        #expect(first.claim("dictation:s-9") != .claimed)

        holder.signal(SIGKILL)
        _ = holder.wait()
        // Both ask at once, again and again, until the server has noticed the holder is gone.
        var outcomes: [ClinicClaims.Outcome] = []
        let deadline = ContinuousClock.now + .seconds(Patience.seconds)
        while !outcomes.contains(.claimed), ContinuousClock.now < deadline {
            outcomes = await Self.claimAtOnce("dictation:s-9", by: [first, second])
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(outcomes.filter { $0 == .claimed }.count == 1, "exactly one: \(outcomes)")
        #expect(outcomes.contains { if case .held = $0 { true } else { false } })
    }

    @Test("a dictation held by another station shows its holder; when that station dies, one station takes it over")
    func stationTakesOverOnce() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        func station(_ name: String) async throws -> (RunningStation, ClinicClaims) {
            let paths = StationPaths(dataDirectory: folder.appendingPathComponent(name))
            try paths.createDirectories()
            let claims = try ClinicClaims.connect(to: clinic.address)
            let ports = StationPorts(
                makeCapture: { FakeCapture() }, captureLock: FileCaptureLock(paths: paths),
                ownership: ClinicDictationOwnership(local: FileDictationOwnership(paths: paths), claims: claims),
                editLocks: ClinicReportEditLocks(local: FileReportEditLocks(paths: paths), claims: claims),
                transcriber: FakeTranscriber(), database: try await clinic.store(as: anna),
                installer: FakeModelInstaller(options: []), sources: nil, player: nil,
                modelWaits: AsyncStream { $0.finish() }, preload: { _ in })
            let running = await StationStartup.open(
                StationStartup.Context(
                    ports: ports, paths: paths, environment: ["XDG_RUNTIME_DIR": paths.dataDirectory.path],
                    clock: ManualClock(), log: SilentLog(), author: anna))
            return (running, claims)
        }
        let (ws12, ws12Claims) = try await station("ws12")
        let (ws13, _) = try await station("ws13")
        let (ws14, _) = try await station("ws14")
        defer { Task { for running in [ws12, ws13, ws14] { await running.shutDown() } } }

        let session = try ws12.station.createSession(named: "Room 12")
        #expect(ws12.station.perform(.toggle).succeeded)
        #expect(await eventually { session.state == .recording })
        await ws12.station.settle()
        for other in [ws13, ws14] {
            await other.station.syncSessions()
            let held = try #require(other.station.sessions.first { $0.id == session.id })
            #expect(held.heldElsewhere?.holderName == "\(ProcessInfo.processInfo.userName) on \(HostName.current)")
            #expect(!other.station.perform(.toggle).succeeded, "a dictation held elsewhere is not recorded here")
        }

        // ws12's connection to the store dies (as with kill -9 of its station).
        let pid = try #require(ws12Claims.holder(of: ClinicDictationOwnership.key(session.id))?.processID)
        try clinic.psql("SELECT pg_terminate_backend(\(pid))").mustSucceed()
        await ws13.station.syncSessions()
        await ws14.station.syncSessions()
        let taken = [ws13, ws14].filter { running in
            let copy = running.station.sessions.first { $0.id == session.id }
            return copy?.heldElsewhere == nil && copy?.state == .paused
        }
        #expect(taken.count == 1, "exactly one station took the dictation over")
        let stillHeld = [ws13, ws14].filter { running in
            let copy = running.station.sessions.first { $0.id == session.id }
            return copy?.heldElsewhere != nil
        }
        #expect(stillHeld.count == 1, "the other shows it held by the one that took it")
    }

    @Test(
        "while the server is away a dictation is claimed on the station's word; when it is back, its claims are taken again"
    )
    func serverRestart() async throws {
        let server = try await PrivateServer.make()
        defer { server.remove() }
        let address = server.address(database: "clinic")
        let claims = try ClinicClaims.connect(to: address, retryInterval: .zero)
        let paths = StationPaths(dataDirectory: folder.appendingPathComponent("data"))
        try paths.createDirectories()
        let ownership = ClinicDictationOwnership(local: FileDictationOwnership(paths: paths), claims: claims)
        #expect(ownership.claim(SessionID("before")) == .claimed)

        try server.stop()
        #expect(claims.claim("dictation:probe") == .unreachable)
        #expect(ownership.claim(SessionID("during")) == .claimed, "recording goes on while the server is away")
        #expect(
            FileDictationOwnership(paths: paths).claim(SessionID("during")) != .claimed,
            "the local claim still keeps this workstation's other stations out")

        try server.start()
        claims.keepAlive()
        let other = try ClinicClaims.connect(to: address)
        #expect(other.claim(ClinicDictationOwnership.key(SessionID("before"))) != .claimed, "taken again")
        #expect(other.claim(ClinicDictationOwnership.key(SessionID("during"))) != .claimed, "taken once back")
        ownership.release(SessionID("during"))
        #expect(other.claim(ClinicDictationOwnership.key(SessionID("during"))) == .claimed)
    }

    @Test(
        "a holder whose cable is pulled (its packets dropped) loses its claim once the server's keepalives find it gone",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/sbin/iptables"), "needs iptables")
    )
    func pulledCable() async throws {
        let cable = try await HeldOverTCP.make()
        defer { cable.server.remove() }
        // The cable: every packet between the holder and the server is dropped from now on.
        try cable.drop(.toHolder, .fromHolder)
        defer { cable.restore() }
        #expect(cable.other.claim(HeldOverTCP.key) != .claimed, "held while the server still believes in the holder")
        try await cable.waitForTheClaimToGo("keepalives 5 s + 3 × 2 s, or 15 s of an unacknowledged answer")
    }

    @Test(
        "a holder cut off while the server's answer is on its way loses its claim as well: the unacknowledged answer stops the keepalives, so the server limits how long it retransmits",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/sbin/iptables"), "needs iptables")
    )
    func cableCutMidAnswer() async throws {
        let cable = try await HeldOverTCP.make()
        defer { cable.server.remove() }
        // First what the server sends the holder is lost, then the holder asks: the answer leaves the server
        // and is never acknowledged (before tcp_user_timeout, the server retried it for about 15 minutes).
        try cable.drop(.toHolder)
        defer { cable.restore() }
        let holder = cable.holder
        Thread.detachNewThread { holder.keepAlive() }  // waits for its answer until its own end gives up
        try await waitUntil("the server's answer waiting for an acknowledgement", seconds: 10) {
            try cable.unacknowledgedBytes() > 0
        }
        try cable.drop(.fromHolder)
        #expect(cable.other.claim(HeldOverTCP.key) != .claimed, "held while the server still believes in the holder")
        try await cable.waitForTheClaimToGo("15 s of an unacknowledged answer")
    }
}
