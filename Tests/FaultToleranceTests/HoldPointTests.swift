import Foundation
import StationTestSupport
import Testing

/// The faults the station survives, one suite per class of fault (see the other files of this target).
/// This file checks the mechanism the crash suites rely on: a process held at a named point.
@Suite("Survives: crash tests can hold the station at a named moment")
struct HoldPointTests {
    @Test("a station asked to hold at start-up writes the signal file and stays until killed")
    func holdsAtStartUp() throws {
        let terminal = try StationInTmux("hold")
        let signal = terminal.directory.appendingPathComponent("held")
        let tmux = try TmuxSession(
            command: [TmuxSession.binary.path, "--data-dir", terminal.data],
            environment: [
                "XDG_RUNTIME_DIR": terminal.runtime.path, "TERM": "screen-256color", "HOME": terminal.directory.path,
                "DICTATION_STATION_HOLD_AT": "station-opened", "DICTATION_STATION_HOLD_SIGNAL": signal.path,
            ])
        defer { tmux.shutDown() }
        try HoldSignal.wait(for: signal)
        #expect(try String(contentsOf: signal, encoding: .utf8) == "station-opened\n")
        // Held: the first frame never comes.
        #expect(!(try tmux.screen()).contains("F10"))
        _ = try TmuxSession.spawn(["/bin/kill", "-KILL", try tmux.programPID()], captureOutput: true)
        #expect(try tmux.waitForExit() == 137)
    }
}
