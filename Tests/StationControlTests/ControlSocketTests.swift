import Foundation
import StationCore
import StationSystem
import StationTestSupport
import Testing

@testable import StationControl

@Suite("The control socket drives the station over a real Unix socket")
@MainActor
struct ControlSocketTests {
    /// A short path: Unix socket paths hold about 100 bytes.
    static func temporaryPath() -> URL {
        URL(fileURLWithPath: "/tmp/ds-\(UUID().uuidString.prefix(8)).sock")
    }

    func withServer(_ body: (StationFixture, URL) async throws -> Void) async throws {
        let fixture = StationFixture()
        let path = Self.temporaryPath()
        let station = fixture.station
        let server = ControlServer(path: path) { line in ControlProtocol.answer(line, station: station) }
        try server.start()
        defer { server.stop() }
        try await body(fixture, path)
    }

    /// Sends from a thread of its own, as `dictation-station ctl` would from another process. Not from
    /// Swift's pool: its two threads blocked by waiting clients leave none to start the reply's task.
    nonisolated static func send(_ line: String, to path: URL) async throws -> String {
        try await OwnThread.run {
            Result { () throws(ControlClient.Failure) in try ControlClient.send(line, to: path) }
        }
        .get()
    }

    @Test("the socket is private to the user")
    func permissions() async throws {
        try await withServer { _, path in
            let attributes = try FileManager.default.attributesOfItem(atPath: path.path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
        }
    }

    @Test("toggle, status, select, send and discard go through the same state machine as the keys")
    func commands() async throws {
        try await withServer { fixture, path in
            let room = try fixture.station.createSession(named: "Room 12")
            try fixture.station.createSession(named: "Ward")
            #expect(try await Self.send("select room 12", to: path) == "ok IDLE Room 12")
            #expect(try await Self.send("toggle", to: path) == "ok ● REC 00:00 Room 12")
            #expect(room.state == .recording)
            #expect(try await Self.send("send", to: path).hasPrefix("error Nothing paused"))
            #expect(try await Self.send("toggle", to: path).hasPrefix("ok ❚❚ PAUSED"))
            #expect(room.state == .paused)
            #expect(try await Self.send("status", to: path).hasPrefix("ok ❚❚ PAUSED"))
            let json = try await Self.send("status --json", to: path)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            #expect(object["state"] as? String == "paused")
            #expect(object["session"] as? String == "Room 12")
            #expect(object["unsent"] as? Bool == true)
            #expect(try await Self.send("discard", to: path).hasPrefix(#"ok Discarded the dictation of "Room 12""#))
            #expect(room.state == .notRecording)
            #expect(try await Self.send("select Nobody", to: path).hasPrefix("error There is no session"))
        }
    }

    @Test("select takes a prefix and another dash; discard keeps the audio, undo brings it back; each is noticed")
    func selectDiscardUndo() async throws {
        try await withServer { fixture, path in
            let bed = try fixture.station.createSession(named: "Bed 4 – Mr Okafor")
            try fixture.station.createSession(named: "Bed 12")
            #expect(try await Self.send("select bed 4 - MR", to: path) == "ok IDLE Bed 4 – Mr Okafor")
            #expect(try await Self.send("select bed", to: path).hasPrefix(#"error "bed" fits 2 sessions"#))
            #expect(fixture.station.selectedID == bed.id, "a refused select changes nothing")
            #expect(try await Self.send("toggle", to: path).hasPrefix("ok ● REC"))
            #expect(try await Self.send("toggle", to: path).hasPrefix("ok ❚❚ PAUSED"))
            let discarded = try await Self.send("discard", to: path)
            #expect(discarded.hasPrefix(#"ok Discarded the dictation of "Bed 4 – Mr Okafor""#), "\(discarded)")
            #expect(bed.state == .notRecording)
            await bed.settle()
            #expect(fixture.removedAudio.current.isEmpty, "kept for the grace period")
            #expect(try await Self.send("undo", to: path).hasPrefix("ok Brought back"))
            #expect(bed.state == .paused)
            #expect(try await Self.send("undo", to: path).hasPrefix("error Nothing to undo"))
            let notices = fixture.station.notifier.recent.map(\.message)
            #expect(notices.contains { $0.hasPrefix("Control socket: select bed refused") })
            #expect(notices.contains { $0.hasPrefix("Press U within 30 seconds to undo: the control socket discarded") })
            #expect(notices.contains { $0.hasPrefix("Control socket: undo refused: Nothing to undo") })
        }
    }

    @Test("a wrong command is refused with the list of commands, and its text is sanitized")
    func unknown() async throws {
        try await withServer { _, path in
            let reply = try await Self.send("explode \u{1B}[2J", to: path)
            #expect(reply.hasPrefix("error Unknown command"))
            #expect(reply.contains("toggle, send, discard"))
            #expect(!reply.contains("\u{1B}"))
        }
    }

    /// Connects and sends `line` (when given) without ever reading the reply.
    nonisolated static func rudeClient(_ path: URL, sending line: String?) throws -> Int32 {
        let fd = try UnixSocket.connect(to: path.path)
        if let line { UnixSocket.writeAll(fd, line + "\n") }
        return fd
    }

    @Test("clients that close before reading their reply neither end nor stall the process")
    func clientsGoneBeforeTheReply() async throws {
        try await withServer { fixture, path in
            try fixture.station.createSession(named: "Room 12")
            // From another thread, as from other processes: the replies need the main actor.
            try await OwnThread.run {
                Result { () throws -> Void in for _ in 0..<20 { close(try Self.rudeClient(path, sending: "status")) } }
            }.get()
            // Without MSG_NOSIGNAL the reply to a closed client raised SIGPIPE and ended this process.
            #expect(try await Self.send("status", to: path) == "ok IDLE Room 12")
        }
    }

    @Test("idle clients that never send do not hold up a command")
    func idleClients() async throws {
        try await withServer { _, path in
            // Served one after another, each idle client held the socket for its 2 s read timeout, so a
            // command behind four of them found no answer within its 5 s.
            let idle = try (0..<4).map { _ in try Self.rudeClient(path, sending: nil) }
            defer { idle.forEach { close($0) } }
            #expect(try await Self.send("status", to: path) == "ok IDLE")
        }
    }

    @Test("more idle clients than are served at once only delay a command, and the station goes on")
    func manyIdleClients() async throws {
        try await withServer { _, path in
            let idle = try (0..<(ControlServer.maximumClients + 4)).map { _ in
                try Self.rudeClient(path, sending: nil)
            }
            defer { idle.forEach { close($0) } }
            #expect(try await Self.send("status", to: path) == "ok IDLE")
        }
    }

    @Test("a client sending one byte at a time is cut off after its time, not served forever")
    func slowClient() async throws {
        try await withServer { _, path in
            let fd = try Self.rudeClient(path, sending: nil)
            defer { close(fd) }
            let reply = await OwnThread.run { () -> String? in
                for byte in "status".utf8 {
                    UnixSocket.writeAll(fd, String(UnicodeScalar(byte)))
                    usleep(600_000)  // the subject: a client this slow, byte after byte
                }
                return UnixSocket.readLine(fd, within: 5)
            }
            // 6 bytes at 0.6 s take 3.6 s, longer than a client's 2 s: the server hangs up unanswered.
            #expect(reply == nil)
        }
    }

    @Test("without a station, the client says so")
    func noStation() async throws {
        let path = Self.temporaryPath()
        #expect(throws: ControlClient.Failure.noStation(path: path.path)) { try ControlClient.send("status", to: path) }
    }

    @Test("a stale socket file is replaced; a live one is not taken over")
    func stale() async throws {
        let path = Self.temporaryPath()
        _ = FileManager.default.createFile(atPath: path.path, contents: Data())
        let station = StationFixture().station
        let first = ControlServer(path: path) { ControlProtocol.answer($0, station: station) }
        try first.start()
        defer { first.stop() }
        let second = ControlServer(path: path) { ControlProtocol.answer($0, station: station) }
        #expect(throws: (any Error).self) { try second.start() }
        #expect(try await Self.send("status", to: path) == "ok IDLE")
    }

    @Test(
        "the socket goes in the account's folder of XDG_RUNTIME_DIR, one per data directory; else in the data directory"
    )
    func location() {
        let data = URL(fileURLWithPath: "/data")
        let runtime = ["XDG_RUNTIME_DIR": "/run/user/1000"]
        let path = ControlServer.defaultPath(environment: runtime, dataDirectory: data).path
        #expect(path.hasPrefix("/run/user/1000/dictation-station-\(getuid())/station-"))
        #expect(path.hasSuffix(".sock"))
        #expect(ControlServer.defaultPath(environment: runtime, dataDirectory: data).path == path, "the same each time")
        #expect(
            ControlServer.defaultPath(environment: runtime, dataDirectory: URL(fileURLWithPath: "/data/")).path == path)
        #expect(
            ControlServer.defaultPath(environment: runtime, dataDirectory: URL(fileURLWithPath: "/other")).path != path)
        #expect(
            ControlServer.defaultPath(environment: runtime, dataDirectory: data, store: "dbname=clinic").path != path)
        #expect(
            ControlSocketPath.path(environment: runtime, dataDirectory: data, account: 4242).path.hasPrefix(
                "/run/user/1000/dictation-station-4242/station-"))
        #expect(ControlServer.defaultPath(environment: [:], dataDirectory: data).path == "/data/control.sock")
    }
}
