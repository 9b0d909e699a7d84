import Foundation
import StationTestSupport
import StationTestTraits
import Testing

/// What the control socket does shows on the screen: the real binary in tmux, driven by
/// `dictation-station ctl` from another shell, recording from a null sink of the test audio server.
@Suite("The control socket leaves a trace on the screen, in tmux", .serialized, .audioServer)
struct TerminalControlTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("control") }

    func start(microphone: String) throws -> TmuxSession {
        var environment = ["PULSE_SOURCE": microphone]
        if let server = ProcessInfo.processInfo.environment["PULSE_SERVER"] { environment["PULSE_SERVER"] = server }
        return try terminal.start(environment: environment)
    }

    func ctl(_ arguments: String...) throws -> (status: Int32, output: String) { try terminal.run(["ctl"] + arguments) }

    func wavFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: terminal.audio.path).filter { $0.hasSuffix(".wav") }
    }

    @Test("ctl select by a prefix, a refused send, ctl discard with U to undo, all noticed and listed in M")
    func discardAndUndo() async throws {
        try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        try await PulseTestServer.withSink { sink in try await discardAndUndo(into: sink) }
    }

    private func discardAndUndo(into sink: String) async throws {
        let tmux = try start(microphone: "\(sink).monitor")
        defer { tmux.shutDown() }
        try tmux.createSession("Bed 4 – Mr Okafor")
        try tmux.createSession("Ward round")

        let selected = try ctl("select", "bed 4")
        #expect(selected.status == 0, "\(selected.output)")
        #expect(selected.output == "IDLE Bed 4 – Mr Okafor")
        _ = try tmux.waitFor("Control socket: select bed 4")
        try tmux.createSession("Bed 12")
        let ambiguous = try ctl("select", "bed")
        #expect(ambiguous.status == 1)
        #expect(ambiguous.output.contains(#"fits 2 sessions: "Bed 4 – Mr Okafor", "Bed 12""#), "\(ambiguous.output)")
        _ = try tmux.waitFor("Control socket: select bed refused")
        #expect(try ctl("select", "w").output == "IDLE Ward round")
        #expect(try ctl("select", "Bed 4 - mr okafor").status == 0, "another dash, another case")

        #expect(try ctl("toggle").status == 0)
        _ = try tmux.waitFor("RECORDING")
        let refused = try ctl("send")
        #expect(refused.status == 1)
        _ = try tmux.waitFor("Control socket: send refused")
        try await terminal.waitForRecordedAudio(moreThan: 0.5)
        #expect(try ctl("toggle").status == 0)
        _ = try tmux.waitFor("PAUSED")

        let discarded = try ctl("discard")
        #expect(discarded.status == 0, "\(discarded.output)")
        #expect(discarded.output.contains("ctl undo"))
        _ = try tmux.waitFor("Press U within 30 s")
        let kept = try wavFiles()
        #expect(kept.count == 1, "the audio is kept during the grace period")

        try tmux.send("U")
        _ = try tmux.waitFor("Brought back the dictation")
        _ = try tmux.waitFor("‖ Bed 4 – Mr Okafor")
        #expect(try ctl("status").output.hasPrefix("❚❚ PAUSED"))
        #expect(try wavFiles() == kept)

        // Once more, and the station quits within the grace period: the audio goes as a discard's does.
        #expect(try ctl("discard").status == 0)
        _ = try tmux.waitFor("Press U within 30 s")
        try tmux.send("M")
        let messages = try tmux.waitFor("Messages, newest first")
        for line in [
            "Control socket: select bed 4", "Control socket: send refused", "Control socket: toggle",
            "the control socket discarded",
        ] {
            #expect(messages.contains(line), "M lists \(line)")
        }
        try tmux.send("Escape")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        #expect(try wavFiles().isEmpty)
    }
}
