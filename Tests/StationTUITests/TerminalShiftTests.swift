import Foundation
import StationTestSupport
import StationTestTraits
import Testing

/// What a care worker tripped over in a shift, each on the real binary in tmux with a real audio server:
/// a sine source is the microphone, so a recording runs for real while the keys are pressed.
@Suite("A shift in tmux: status, dialogs, quitting, small terminals, sources", .serialized, .audioServer)
struct TerminalShiftTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("shift") }

    /// The station recording from `microphone` (libpulse's own variable picks the default source).
    func start(microphone: String, editor: String = "true") throws -> TmuxSession {
        var environment = ["PULSE_SOURCE": microphone, "EDITOR": editor, "PATH": "/usr/bin:/bin"]
        if let server = ProcessInfo.processInfo.environment["PULSE_SERVER"] { environment["PULSE_SERVER"] = server }
        return try terminal.start(environment: environment)
    }

    func station(_ arguments: String...) throws -> (status: Int32, output: String) { try terminal.run(arguments) }

    /// Makes a session with the `n` dialog; it is selected.
    func newSession(_ name: String, in tmux: TmuxSession) throws {
        try tmux.send("n")
        _ = try tmux.waitFor("New session")
        try tmux.type(name)
        try tmux.send("Enter")
        _ = try tmux.waitFor("\(name)") { !$0.contains("New session") && $0.contains(name) }
    }

    /// A new session, recording.
    func record(_ name: String, in tmux: TmuxSession) throws {
        try newSession(name, in: tmux)
        try tmux.send("Space")
        _ = try tmux.waitFor("RECORDING")
    }

    /// Waits until the recording's time has passed `seconds` on the screen ("00:02").
    func waitForTime(_ seconds: Int, in tmux: TmuxSession) throws {
        _ = try tmux.waitFor(String(format: "00:%02d", seconds))
    }

    func withStation(editor: String = "true", _ body: (TmuxSession, String) async throws -> Void) async throws {
        try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        try await PulseTestServer.withSineSource { source in
            let tmux = try start(microphone: source, editor: editor)
            defer { tmux.shutDown() }
            try await body(tmux, source)
        }
    }

    @Test("status, ctl status and the window title name the recording session while another is selected")
    func statusNamesCapturingSession() async throws {
        try await withStation { tmux, _ in
            try record("Room A", in: tmux)
            try newSession("Room B", in: tmux)
            let status = try station("status").output
            #expect(status.hasPrefix("● REC ") && status.hasSuffix("Room A"), "\(status)")
            let ctl = try station("ctl", "status").output
            #expect(ctl.hasPrefix("● REC ") && ctl.hasSuffix("Room A"), "\(ctl)")
            #expect(try tmux.format("#{pane_title}").hasSuffix("Room A"))
            try tmux.send("q")
            _ = try tmux.waitFor("Quit?")
            try tmux.send("y")
            #expect(try tmux.waitForExit() == 0)
        }
    }

    @Test("the discard dialog takes only y: Enter and Esc keep the dictation; a discard says what went")
    func discardNeedsY() async throws {
        try await withStation { tmux, _ in
            try record("Room A", in: tmux)
            try waitForTime(1, in: tmux)
            try tmux.send("Space")
            _ = try tmux.waitFor("PAUSED")
            for key in ["Enter", "Escape"] {
                try tmux.send("d")
                _ = try tmux.waitFor("Discard dictation?")
                try tmux.send(key)
                let after = try tmux.waitFor("dialog closed") { !$0.contains("Discard dictation?") }
                #expect(after.contains("PAUSED"), "\(key) kept the dictation:\n\(after)")
            }
            let audio = URL(fileURLWithPath: terminal.data).appendingPathComponent("audio")
            #expect(try FileManager.default.contentsOfDirectory(atPath: audio.path).contains { $0.hasSuffix(".wav") })
            try tmux.send("d")
            _ = try tmux.waitFor("Discard dictation?")
            try tmux.send("y")
            _ = try tmux.waitFor("Discarded the dictation of \"Room A\"")
            #expect(try station("status").output == "IDLE Room A")
            try tmux.send("q")
            #expect(try tmux.waitForExit() == 0, "nothing is held: q quits at once")
        }
    }

    @Test("Esc twice does not quit; q asks and names the sessions holding audio; Enter keeps the station")
    func quitAsks() async throws {
        try await withStation { tmux, _ in
            try record("Room A", in: tmux)
            try tmux.send("Space")
            _ = try tmux.waitFor("PAUSED")
            try record("Room B", in: tmux)
            try tmux.send("Escape")
            try tmux.send("Escape")
            _ = try tmux.waitFor("To quit, press q or F10")
            #expect(!FileManager.default.fileExists(atPath: tmux.statusFile.path), "Esc did not quit")
            try tmux.send("q")
            let dialog = try tmux.waitFor("Quit?")
            let text = dialog.split(separator: "\n").joined(separator: " ").replacingOccurrences(of: "│", with: " ")
                .split(separator: " ").joined(separator: " ")
            #expect(text.contains("\"Room A\" (paused"), "\(dialog)")
            #expect(text.contains("\"Room B\" (recording"), "\(dialog)")
            try tmux.send("Enter")
            _ = try tmux.waitFor("dialog closed") { !$0.contains("Quit?") }
            try tmux.send("F10")
            _ = try tmux.waitFor("Quit?")
            try tmux.send("y")
            #expect(try tmux.waitForExit() == 0)
        }
    }

    @Test("messages about a state go when it changes: the strip and the quit dialog after a send")
    func staleMessages() async throws {
        try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        // Speech, not the sine tone: a dictation with no recognized word is kept and asked about, not sent.
        try await PulseTestServer.withSink { sink in
            let tmux = try start(microphone: "\(sink).monitor")
            defer { tmux.shutDown() }
            try record("Room A", in: tmux)
            let player = try PulseTestServer.play(PulseTestServer.speech("0870"), into: sink)
            await waitForExit(player)
            try await terminal.waitForRecordedAudio(moreThan: 0.8)
            try tmux.send("Space")
            _ = try tmux.waitFor("PAUSED")
            try tmux.send("F8")
            _ = try tmux.waitFor("holds an unsent dictation")
            try tmux.send("q")
            _ = try tmux.waitFor("not sent yet")
            // Sent from another shell while the dialog is open.
            #expect(try station("ctl", "send").status == 0)
            let after = try tmux.waitFor("Nothing is left unsent")
            #expect(!after.contains("not sent yet"))
            #expect(!after.contains("holds an unsent dictation"), "the strip no longer says so:\n\(after)")
            try tmux.send("y")
            #expect(try tmux.waitForExit() == 0)
        }
    }

    @Test("while the terminal is too small the recording and its time show, and the title keeps moving")
    func tooSmall() async throws {
        try await withStation { tmux, _ in
            try record("Room A", in: tmux)
            try tmux.resize(rows: 10, columns: 40)
            let small = try tmux.waitFor("too small")
            #expect(small.contains("● REC") && small.contains("Room A") && small.contains("Recording goes on"))
            let title = try tmux.format("#{pane_title}")
            var moved = title
            try? await waitUntil("the title's time to move on") {
                moved = try tmux.format("#{pane_title}")
                return moved != title
            }
            #expect(moved != title, "the title's time moves on: \(title)")
            let later = try tmux.waitFor("the time on the screen moves on") { $0 != small }
            #expect(later.contains("● REC"))
            try tmux.resize(rows: 30, columns: 100)
            _ = try tmux.waitFor("RECORDING")
            try tmux.send("Space")
            _ = try tmux.waitFor("PAUSED")
            try tmux.send("q")
            _ = try tmux.waitFor("Quit?")
            try tmux.send("y")
            #expect(try tmux.waitForExit() == 0)
        }
    }

    @Test("F6 during a recording moves the running dictation to the chosen source, and says so")
    func sourceSwitch() async throws {
        try await withStation { tmux, first in
            try await PulseTestServer.withSineSource { second in
                try record("Room A", in: tmux)
                // The record stream shows on the server a moment after the screen says RECORDING.
                var stream: String?
                try? await waitUntil("the record stream from \(first)") {
                    stream = try PulseTestServer.recordStream(from: first)
                    return stream != nil
                }
                let before = try #require(stream, "recording from \(first)")
                try tmux.send("F6")
                _ = try tmux.waitFor("Capture source")
                _ = try tmux.waitFor(second)
                // The picker lists the sources in the server's order; walk to the second one.
                let names = try PulseTestServer.run("/usr/bin/pactl", ["list", "short", "sources"]).output
                    .split(separator: "\n").map { $0.split(separator: "\t")[1] }
                let index = try #require(names.firstIndex { $0 == second })
                try tmux.send("Home")
                for _ in 0..<index { try tmux.send("Down") }
                try tmux.send("Enter")
                _ = try tmux.waitFor("\"Room A\" records from \(second) now")
                // The same record stream (the same index), now taking its audio from the second source.
                try await waitUntil("the record stream to move to \(second)") {
                    try PulseTestServer.recordStream(from: second) == before
                }
                #expect(try PulseTestServer.recordStream(from: first) == nil)
                #expect(try station("status").output.hasPrefix("● REC "), "the recording went on")
                try tmux.send("Space")
                _ = try tmux.waitFor("PAUSED")
                try tmux.send("q")
                _ = try tmux.waitFor("Quit?")
                try tmux.send("y")
                #expect(try tmux.waitForExit() == 0)
            }
        }
    }

    @Test("E with vi while a recording runs: vi gets the terminal, the edit is saved, the recording goes on")
    func editWhileRecording() async throws {
        let speech = PulseTestServer.speech("0880")
        let imported = try terminal.run(["import", "--session", "Earlier", speech.path])
        try #require(imported.status == 0, "\(imported.output)")
        try await withStation(editor: "") { tmux, _ in
            try record("Room A", in: tmux)
            try tmux.focusReports(listing: "Earlier")
            try tmux.send("E")
            _ = try tmux.waitFor("vi on screen") { $0.contains("~") && !$0.contains("F10") }
            try tmux.type(":s/^/VIWASHERE /")
            try tmux.send("Enter")
            _ = try tmux.waitFor("VIWASHERE")
            try tmux.type(":wq")
            try tmux.send("Enter")
            let after = try tmux.waitFor("Saved a new revision")
            #expect(!after.contains("Quit?") && !after.contains("editor failed"), "\(after)")
            #expect(try station("status").output.hasPrefix("● REC "), "the recording went on")
            let listed = try station("reports", "--json").output
            #expect(listed.contains("VIWASHERE "))
            // Space pauses from the sessions pane, where the recording is shown.
            try tmux.send("Tab")
            try tmux.send("Space")
            _ = try tmux.waitFor("PAUSED")
            try tmux.send("q")
            _ = try tmux.waitFor("Quit?")
            try tmux.send("y")
            #expect(try tmux.waitForExit() == 0)
        }
    }
}
