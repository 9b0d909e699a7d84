import Foundation
import StationControl
import StationSystem
import StationTestSupport
import StationTestTraits
import Testing

/// The real station in tmux against control-socket clients that misbehave: gone before their reply,
/// or connected and silent. None may end the station or keep `ctl` from an answer.
@Suite("Survives: hostile control-socket clients", .serialized, .audioServer)
struct HostileControlClientTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("ctl-hostile") }

    var socket: URL {
        ControlSocketPath.path(
            environment: ["XDG_RUNTIME_DIR": terminal.runtime.path], dataDirectory: URL(fileURLWithPath: terminal.data))
    }

    /// Sends `status` and closes at once, never reading the reply; then leaves `idle` clients connected
    /// and silent. Returns the idle descriptors, for the caller to close.
    func misbehave(rude: Int = 20, idle: Int = 4) throws -> [Int32] {
        for _ in 0..<rude {
            let fd = try UnixSocket.connect(to: socket.path)
            UnixSocket.writeAll(fd, "status\n")
            close(fd)
        }
        return try (0..<idle).map { _ in try UnixSocket.connect(to: socket.path) }
    }

    func isAlive(_ tmux: TmuxSession) throws -> Bool {
        guard let pid = pid_t(try tmux.programPID()) else { return false }
        return kill(pid, 0) == 0 && !FileManager.default.fileExists(atPath: tmux.statusFile.path)
    }

    @Test("an idle station answers ctl after clients that left before their reply and clients that never send")
    func idleStation() throws {
        let tmux = try terminal.start()
        defer { tmux.shutDown() }
        let idle = try misbehave()
        defer { idle.forEach { close($0) } }
        let status = try terminal.run(["ctl", "status"])
        #expect(status.status == 0, "\(status.output)")
        #expect(status.output == "IDLE")
        // Before the fix the first reply to a closed client raised SIGPIPE: the station exited with 141.
        #expect(try isAlive(tmux))
    }

    @Test("a recording station keeps recording through the same clients")
    func recordingStation() async throws {
        try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        try await PulseTestServer.withSink { sink in
            var environment = ["PULSE_SOURCE": "\(sink).monitor"]
            if let server = ProcessInfo.processInfo.environment["PULSE_SERVER"] { environment["PULSE_SERVER"] = server }
            let tmux = try terminal.start(environment: environment)
            defer { tmux.shutDown() }
            try tmux.startRecording("Room 12")
            let idle = try misbehave()
            defer { idle.forEach { close($0) } }
            let status = try terminal.run(["ctl", "status"])
            #expect(status.status == 0, "\(status.output)")
            #expect(status.output.hasPrefix("● REC"), "\(status.output)")
            #expect(try isAlive(tmux))
            #expect(try tmux.screen().contains("RECORDING"))
            // Paused, the dictation is kept for the next start; the test ends here.
            #expect(try terminal.run(["ctl", "toggle"]).status == 0)
            _ = try tmux.waitFor("PAUSED")
        }
    }
}
