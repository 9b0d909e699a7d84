import Foundation
import StationTestSupport
import StationTestTraits
import Testing

/// Issue 11's remaining frictions on the real binary in tmux, with the test audio server and Debian's
/// en-US model: a silent dictation asks before it is stored, a quiet microphone is flagged, a missing
/// model shows before dictating and the session's language changes, the source picker describes the
/// sources, and playback shows where it is.
@Suite("Frictions in tmux: silence, missing models, sources, playback", .serialized, .audioServer)
struct TerminalFrictionTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("friction") }

    func start(microphone: String, environment extra: [String: String] = [:]) throws -> TmuxSession {
        var environment = ["PULSE_SOURCE": microphone]
        if let server = ProcessInfo.processInfo.environment["PULSE_SERVER"] { environment["PULSE_SERVER"] = server }
        environment.merge(extra) { $1 }
        return try terminal.start(environment: environment)
    }

    func station(_ arguments: String...) throws -> (status: Int32, output: String) { try terminal.run(arguments) }

    func reports() throws -> [[String: Any]] {
        let listed = try station("reports", "--json")
        return try #require(JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
    }

    func newSession(_ name: String, in tmux: TmuxSession) throws { try tmux.createSession(name) }

    /// The screen with the box drawing and the line breaks of wrapped text taken out, words single-spaced.
    static func flat(_ screen: String) -> String {
        screen.replacingOccurrences(of: "│", with: " ").split(whereSeparator: { $0 == " " || $0 == "\n" })
            .joined(separator: " ")
    }

    @Test("silence: the level is flagged, the send asks; Enter keeps it, d asks once more, s stores it empty")
    func silentDictation() async throws {
        try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        // Nothing plays into the sink: its monitor is a microphone that hears digital silence.
        try await PulseTestServer.withSink { sink in
            let tmux = try start(microphone: "\(sink).monitor")
            defer { tmux.shutDown() }
            try newSession("Room 5", in: tmux)
            try tmux.send("Space")
            _ = try tmux.waitFor("RECORDING")
            let quiet = try tmux.waitFor("Level very low — is the right microphone selected? (F6)")
            #expect(quiet.contains("RECORDING"))
            // The key bar is the frame's last line: once it offers the paused keys, the notes above it
            // are drawn for the paused state too.
            try tmux.send("Space")
            let paused = try tmux.waitForKeys("Enter Send")
            #expect(paused.contains("PAUSED"))
            #expect(!paused.contains("Level very low"), "the flag goes with the recording")
            try tmux.send("Enter")
            let asked = try tmux.waitFor("the question", seconds: 30) {
                Self.flat($0).contains("No speech was recognized in ")
            }
            #expect(Self.flat(asked).contains("send anyway, or discard?"), "\(asked)")
            #expect(try reports().isEmpty, "nothing stored without asking")

            // Enter (what just sent it) and Esc keep the dictation paused.
            for key in ["Enter", "Escape"] {
                try tmux.send(key)
                let kept = try tmux.waitFor("the question closed") { !$0.contains("No speech recognized") }
                #expect(kept.contains("PAUSED"), "\(key) kept it:\n\(kept)")
                try tmux.send("Enter")
                _ = try tmux.waitFor("No speech recognized")
            }
            // d goes on to the discard question, where Enter keeps it too.
            try tmux.send("d")
            _ = try tmux.waitFor("Discard dictation?")
            try tmux.send("Enter")
            _ = try tmux.waitFor("the discard question closed") { !$0.contains("Discard dictation?") }
            let audio = URL(fileURLWithPath: terminal.data).appendingPathComponent("audio")
            #expect(try FileManager.default.contentsOfDirectory(atPath: audio.path).contains { $0.hasSuffix(".wav") })
            #expect(try station("status").output.hasPrefix("❚❚ PAUSED"))

            try tmux.send("Enter")
            _ = try tmux.waitFor("No speech recognized")
            try tmux.send("s")
            _ = try tmux.waitFor("the empty report") { $0.contains("draft") && $0.contains("○ Room 5") }
            let stored = try reports()
            #expect(stored.count == 1)
            #expect((stored.first?["text"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) == "")
            let kept = try #require(stored.first?["audioFile"] as? String)
            #expect(FileManager.default.fileExists(atPath: kept), "the audio is kept with the report")

            // A second silent dictation, discarded: d in the question, then y.
            try tmux.send("Space")
            _ = try tmux.waitFor("RECORDING")
            _ = try tmux.waitFor("00:01")
            try tmux.send("Space")
            _ = try tmux.waitFor("PAUSED")
            try tmux.send("Enter")
            _ = try tmux.waitFor("No speech recognized", seconds: 30) { $0.contains("No speech recognized") }
            try tmux.send("d")
            _ = try tmux.waitFor("Discard dictation?")
            try tmux.send("y")
            _ = try tmux.waitFor("Discarded the dictation of \"Room 5\"")
            #expect(try reports().count == 1)
            try tmux.send("q")
            #expect(try tmux.waitForExit() == 0)
        }
    }

    @Test("a session whose language has no model says so before dictating; L sends its stuck dictation as en-US")
    func missingModel() async throws {
        try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        let sample = try #require(try LibriVoxSamples.all().first { $0.file.lastPathComponent.hasSuffix("0870.wav") })
        try await PulseTestServer.withSink { sink in
            // The first start takes nl-NL from LANG; LC_ALL keeps the terminal in UTF-8.
            let tmux = try start(
                microphone: "\(sink).monitor", environment: ["LANG": "nl_NL.UTF-8", "LC_ALL": "C.UTF-8"])
            defer { tmux.shutDown() }
            try newSession("Kamer 12", in: tmux)
            let note = Self.flat(
                try tmux.waitFor("the model note") { Self.flat($0).contains("nl-NL: no model installed") })
            #expect(note.contains("F5 to install, or L to change this session's language"), "\(note)")

            try tmux.send("Space")
            _ = try tmux.waitFor("RECORDING")
            let player = try PulseTestServer.play(sample.file, into: sink)
            await waitForExit(player)
            try await terminal.waitForRecordedAudio(moreThan: 0.8)
            try tmux.send("Space")
            _ = try tmux.waitFor("PAUSED")
            try tmux.send("Enter")
            let failed = try tmux.waitFor("the failed send", seconds: 30) {
                Self.flat($0).contains("No speech model is installed for nl-NL.")
            }
            #expect(failed.contains("PAUSED"), "the dictation is kept:\n\(failed)")
            #expect(try reports().isEmpty)

            try tmux.send("L")
            _ = try tmux.waitFor("Language of \"Kamer 12\"")
            try tmux.send("Home")
            try tmux.send("Enter")
            let changed = Self.flat(
                try tmux.waitFor("the change") { Self.flat($0).contains("changed from nl-NL to en-US") })
            #expect(!changed.contains("no model installed"), "en-US has a model: \(changed)")
            #expect(try station("status").output.hasPrefix("❚❚ PAUSED"), "the dictation is still there")
            try tmux.send("Enter")
            _ = try tmux.waitFor("the report", seconds: 60) { $0.contains("draft") }
            let stored = try reports()
            #expect(stored.count == 1)
            #expect(stored.first?["locale"] as? String == "en-US")
            let text = try #require(stored.first?["text"] as? String)
            let wer = WordErrorRate.rate(hypothesis: text, reference: sample.reference)
            #expect(wer <= 0.35, "decoded as en-US: WER \(wer): \(text)")
            try tmux.send("q")
            #expect(try tmux.waitForExit() == 0)
        }
    }

    @Test("the source picker shows each source's description beside its name, the default and the one in use")
    func sourcePicker() async throws {
        try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        try await PulseTestServer.withSineSource { source in
            let tmux = try start(microphone: source)
            defer { tmux.shutDown() }
            try tmux.send("F6")
            _ = try tmux.waitFor("Capture source")
            let listing = try PulseTestServer.run("/usr/bin/pactl", ["list", "sources"]).output
            // "Description: …" of our sine source, as pactl reads it.
            let blocks = listing.components(separatedBy: "Source #")
            let block = try #require(blocks.first { $0.contains("Name: \(source)\n") })
            let description = try #require(
                block.split(separator: "\n").first { $0.contains("Description:") }?
                    .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces))
            let picker = try tmux.waitFor("\(description) (\(source))")
            let line = try #require(picker.split(separator: "\n").first { $0.contains(source) })
            #expect(line.contains("● in use"), "\(line)")
            #expect(picker.contains("* default"), "the server's default is marked:\n\(picker)")
            try tmux.send("Escape")
            try tmux.send("q")
            #expect(try tmux.waitForExit() == 0)
        }
    }

    @Test("playback shows the position, the length and a bar, and the view says when it has ended")
    func playback() async throws {
        try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        let imported = try terminal.run(["import", "--session", "Earlier", PulseTestServer.speech("0870").path])
        try #require(imported.status == 0, "\(imported.output)")
        try await PulseTestServer.withSink { sink in
            let tmux = try start(microphone: "\(sink).monitor")
            defer { tmux.shutDown() }
            try tmux.openReport(listed: "Earlier", title: "Report #1")
            try tmux.send("p")
            let playing = try tmux.waitFor("the position") {
                $0.contains("▶ 00:0") && $0.contains(" / 00:07")
            }
            let line = try #require(playing.split(separator: "\n").first { $0.contains("▶ 00:0") })
            #expect(line.contains("█") || line.contains("·"), "a bar: \(line)")
            let later = try tmux.waitFor("the position moves") {
                $0.contains("▶ 00:03") || $0.contains("▶ 00:04")
            }
            let bar = try #require(later.split(separator: "\n").first { $0.contains("▶ 00:0") })
            #expect(bar.contains("█"), "the bar fills: \(bar)")
            _ = try tmux.waitFor("the end") { !$0.contains("/ 00:07") }
            try tmux.send("q", "q")
            #expect(try tmux.waitForExit() == 0)
        }
    }
}
