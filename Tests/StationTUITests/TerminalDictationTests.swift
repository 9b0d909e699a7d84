import Foundation
import PulseCapture
import Recordings
import StationTestSupport
import StationTestTraits
import Testing

/// A person's whole round in a real terminal: the real binary in tmux, a real PulseAudio server (speech
/// played into a null sink whose monitor is the station's microphone) and Debian's en-US model.
@Suite("Dictating in the station in tmux", .serialized, .audioServer)
struct TerminalDictationTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("dictate") }

    /// The station, with the monitor of the test's null sink as its microphone (libpulse's own variable).
    func start(microphone: String) throws -> TmuxSession {
        var environment = ["PULSE_SOURCE": microphone]
        if let server = ProcessInfo.processInfo.environment["PULSE_SERVER"] { environment["PULSE_SERVER"] = server }
        return try terminal.start(environment: environment)
    }

    /// Runs the binary from "another shell", as a foot pedal or a hotkey tool would.
    func station(_ arguments: String...) throws -> (status: Int32, output: String) { try terminal.run(arguments) }

    /// LibriVox recording 0870: a sentence of 24 words, 7 s.
    static func sentence() throws -> LibriVoxSamples.Sample {
        try #require(try LibriVoxSamples.all().first { $0.file.lastPathComponent.hasSuffix("0870.wav") })
    }

    /// Makes a session named `name` with the `n` dialog and starts recording into it with Space.
    func startRecording(_ name: String, in tmux: TmuxSession) throws { try tmux.startRecording(name) }

    /// The newest report's text, read through `reports --json`, scores WER at most 0.35 against `reference`.
    func expectNewestReport(matches reference: String) throws {
        let reports = try station("reports", "--json")
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(reports.output.utf8)) as? [[String: Any]])
        let text = try #require(json.first?["text"] as? String)
        let wer = WordErrorRate.rate(hypothesis: text, reference: reference)
        #expect(wer <= 0.35, "WER \(wer): \(text)")
    }

    @Test("record speech, resize, pause with ctl, send, read and correct the report, quit, start again")
    func dictate() async throws {
        try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        let sample = try Self.sentence()
        try await PulseTestServer.withSink { sink in try await dictate(sample, into: sink) }
    }

    private func dictate(_ sample: LibriVoxSamples.Sample, into sink: String) async throws {
        var tmux = try start(microphone: "\(sink).monitor")
        defer { tmux.shutDown() }
        try startRecording("Room 12", in: tmux)
        let player = try PulseTestServer.play(sample.file, into: sink)
        // Resize while recording, once a second of it is on the screen: the layout changes, the recording goes on.
        try tmux.waitFor("00:01")
        try tmux.resize(rows: 20, columns: 60)
        let narrow = try tmux.waitFor("RECORDING")
        #expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 60 })
        try tmux.resize(rows: 30, columns: 100)
        _ = try tmux.waitFor("RECORDING")
        await waitForExit(player)
        #expect(player.terminationStatus == 0)
        try await terminal.waitForRecordedAudio(moreThan: 0.8)
        #expect(try station("status").output.hasPrefix("● REC"))

        // A foot pedal pauses through the control socket, with the same state machine as Space.
        let toggled = try station("ctl", "toggle")
        #expect(toggled.status == 0, "\(toggled.output)")
        _ = try tmux.waitFor("PAUSED")
        try tmux.send("Enter")
        let listed = try tmux.waitFor("draft", seconds: 60)
        #expect(listed.contains("Room 12"))

        try expectNewestReport(matches: sample.reference)

        // Open the report, correct it, save a revision.
        try tmux.send("Tab", "Enter")
        _ = try tmux.waitFor("Report #1")
        try tmux.send("e", "End")
        try tmux.type(" CORRECTED")
        try tmux.send("C-s")
        _ = try tmux.waitFor("· corrected")
        try tmux.send("Escape", "q")
        #expect(try tmux.waitForExit() == 0)
        tmux.shutDown()

        tmux = try start(microphone: "\(sink).monitor")
        _ = try tmux.waitFor("○ Room 12")  // the session came back
        try tmux.openReport(listed: "corrected")
        _ = try tmux.waitFor("CORRECTED")  // and the edit, in the wrapped text of the report
        try tmux.send("q", "q")
        #expect(try tmux.waitForExit() == 0)
        let shown = try station("reports", "show", "1")
        #expect(shown.output.contains("CORRECTED"))
        #expect(shown.output.contains("Original transcript:"), "the original is kept beside the edit")
    }

    @Test("a station killed mid-dictation comes back paused with its audio repaired, and the dictation sends")
    func crashRecovery() async throws {
        try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        let sample = try Self.sentence()
        try await PulseTestServer.withSink { sink in try await recoverFromCrash(sample, into: sink) }
    }

    private func recoverFromCrash(_ sample: LibriVoxSamples.Sample, into sink: String) async throws {
        var tmux = try start(microphone: "\(sink).monitor")
        defer { tmux.shutDown() }
        try startRecording("Room 7", in: tmux)
        let player = try PulseTestServer.play(sample.file, into: sink)
        await waitForExit(player)
        try await terminal.waitForRecordedAudio(moreThan: 0.5)
        // The station dies mid-dictation, as on a power cut or a crash.
        _ = try TmuxSession.spawn(["/bin/kill", "-KILL", try tmux.programPID()], captureOutput: true)
        #expect(try tmux.waitForExit() == 128 + 9)
        tmux.shutDown()

        let audio = URL(fileURLWithPath: terminal.data).appendingPathComponent("audio")
        let files = try FileManager.default.contentsOfDirectory(at: audio, includingPropertiesForKeys: nil)
        let file = try #require(files.first { $0.pathExtension == "wav" })

        tmux = try start(microphone: "\(sink).monitor")
        _ = try tmux.waitFor("PAUSED")  // the session came back paused, ready to resume or send
        let info = try WAVInfo(file)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        #expect(info.dataOffset + info.dataBytes == size, "the header was fitted to the audio at start")
        #expect(info.seconds > 5, "the dictation up to the crash is there: \(info.seconds) s")

        try tmux.send("Enter")
        _ = try tmux.waitFor("draft", seconds: 60)
        try expectNewestReport(matches: sample.reference)
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }
}
