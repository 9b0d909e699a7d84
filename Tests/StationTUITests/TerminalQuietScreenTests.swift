import Foundation
import StationTestSupport
import StationTestTraits
import Testing

/// The quiet screen for a screen reader (`--quiet-screen`, F7), counted as tmux sees it: while a
/// dictation records, how often the screen changes and how many bytes the terminal receives, with the
/// quiet screen and without, in the same run.
@Suite("The quiet screen in tmux: nothing redrawn that did not change, the timer every 10 s", .serialized, .audioServer)
struct TerminalQuietScreenTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("quiet") }

    /// What tmux saw while the station recorded silence (a null sink's monitor) for 21 s.
    struct Seen {
        var changes: Int
        var bytes: Int
        var timers: Set<String>
    }

    func recordSilence(arguments: [String], session: String, microphone: String) throws -> (Seen, TmuxSession) {
        var environment = ["PULSE_SOURCE": microphone]
        if let server = ProcessInfo.processInfo.environment["PULSE_SERVER"] { environment["PULSE_SERVER"] = server }
        let tmux = try terminal.start(arguments, environment: environment)
        try tmux.startRecording(session)
        _ = try tmux.waitFor("00:0")
        let output = terminal.directory.appendingPathComponent("pane-\(UUID().uuidString.prefix(6)).bytes")
        try tmux.run(["pipe-pane", "-o", "cat > \(output.path)"])
        var seen = Seen(changes: 0, bytes: 0, timers: [])
        var last = try tmux.screen()
        // Time is the subject here: the screen is looked at every 100 ms for 21 s of recording.
        let clock = ContinuousClock()
        let end = clock.now + .seconds(21)
        while clock.now < end {
            usleep(100_000)
            let screen = try tmux.screen()
            if screen != last { seen.changes += 1 }
            last = screen
            for match in screen.matches(of: #/REC(?:ORDING)?\s+(\d\d:\d\d)/#) { seen.timers.insert(String(match.1)) }
        }
        try tmux.run(["pipe-pane"])
        seen.bytes = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
        return (seen, tmux)
    }

    @Test("recording 21 s: the quiet screen changes a few times, the timer in steps of 10 s; F7 turns it on")
    func quietScreen() async throws {
        try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        try await PulseTestServer.withSink { sink in
            let (loud, standard) = try recordSilence(arguments: [], session: "Room 12", microphone: "\(sink).monitor")
            // F7 turns the quiet screen on while recording: the meter gives way to a note.
            try standard.send("F7")
            _ = try standard.waitFor("Level meter off on the quiet screen (F7)")
            standard.shutDown()
            let (quiet, tmux) = try recordSilence(
                arguments: ["--quiet-screen"], session: "Room 14", microphone: "\(sink).monitor")
            tmux.shutDown()
            print(
                "quiet screen: \(quiet.changes) screen changes, \(quiet.bytes) bytes in 21 s of recording; "
                    + "standard: \(loud.changes) changes, \(loud.bytes) bytes")
            #expect(loud.changes >= 15, "the standard screen's timer moves every second: \(loud.changes)")
            #expect(quiet.changes <= 4, "the quiet screen: the timer every 10 s, a note at most: \(quiet.changes)")
            #expect(quiet.changes >= 1, "the quiet screen's timer still moves")
            #expect(quiet.timers.allSatisfy { $0.hasSuffix("0") }, "only whole tens of seconds: \(quiet.timers)")
            #expect(quiet.bytes * 4 < loud.bytes, "bytes to the terminal: \(quiet.bytes) against \(loud.bytes)")
        }
    }
}
