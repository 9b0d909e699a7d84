import Foundation
import StationCore
import StationTestSupport
import StationTestTraits
import Testing

/// Corrections in fewer keys (issue 23, item 5), on the real binary in tmux: `e` opens the editor at the
/// unsure word `w` selected, the editor underlines the decoder's unsure words and goes to them with Ctrl-N
/// and Ctrl-P, Ctrl-W, Ctrl-Backspace and Alt-Backspace delete a word, and `p` plays from a second before
/// the selected word (on the real audio server).
@Suite("Correcting at the unsure word in tmux", .serialized)
struct TerminalCorrectionKeysTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("correct") }

    init(terminal: StationInTmux) { self.terminal = terminal }

    /// A note whose ninth line holds "the cop" (said: "a cough"); the decoder was unsure of "asthma",
    /// "cop" and "review".
    static let note = [
        "Patient seen in clinic today.", "History of asthma since childhood.", "No known drug allergies.",
        "Lives with her husband.", "Works as a teacher.", "Nonsmoker.", "No recent travel.",
        "Sleeps well at night.", "She has had the cop for two weeks.", "Plan: review in one week.",
    ]
    static let unsure: Set<String> = ["asthma", "cop", "review"]

    /// The note's words as the decoder gave them, 0.6 s apart, with the unsure ones at 0.05.
    static func words(startingAt offsets: [String: Duration] = [:]) -> [RecognizedWord] {
        let all = note.joined(separator: " ").split { !$0.isLetter }.map(String.init)
        return all.enumerated().map { index, word in
            let start = offsets[word] ?? .milliseconds(600 * index)
            return RecognizedWord(
                text: word.lowercased(), start: start, end: start + .milliseconds(500),
                confidence: unsure.contains(word) ? 0.05 : 0.9)
        }
    }

    /// Seeds the note as report #1 and opens it in the station.
    func openNote(
        environment: [String: String] = [:], audio: URL? = nil, words: [RecognizedWord]? = nil,
        start: ((StationInTmux) throws -> TmuxSession)? = nil
    )
        async throws -> TmuxSession
    {
        try await SeededReports.add(
            Self.note.joined(separator: "\n"), timedWords: words ?? Self.words(), audio: audio,
            duration: .seconds(40), to: terminal.data)
        let tmux = try start?(terminal) ?? terminal.start(environment: environment)
        _ = try tmux.waitFor("Room 12 - Anna Jansen")
        try tmux.send("Tab", "Enter")
        _ = try tmux.waitFor("3 unsure words (w)")
        return tmux
    }

    /// Report #1's stored text.
    func storedText() throws -> String {
        let listed = try terminal.run(["reports", "--json"])
        let json = try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]]
        return try #require(json?.first?["text"] as? String, "\(listed.output)")
    }

    /// The screen row and column of the terminal's cursor.
    func cursor(_ tmux: TmuxSession) throws -> (row: Int, column: Int) {
        let parts = try tmux.format("#{cursor_y} #{cursor_x}").split(separator: " ").compactMap { Int($0) }
        try #require(parts.count == 2)
        return (parts[0], parts[1])
    }

    /// The words drawn while SGR `attribute` (1 bold, 4 underline, 7 reverse) is on, following the
    /// attributes through every sequence of a `capture-pane -e` screen (colours and resets included).
    static func styled(_ screen: String, attribute: Int) -> [String] {
        var active = Set<Int>()
        var words: [String] = []
        var word = ""
        let finish = {
            if !word.isEmpty { words.append(word) }
            word = ""
        }
        var characters = screen[...]
        while let character = characters.popFirst() {
            guard character == "\u{1B}" else {
                if active.contains(attribute), character.isLetter || character == "'" {
                    word.append(character)
                } else {
                    finish()
                }
                continue
            }
            finish()
            guard characters.first == "[", let end = characters.firstIndex(where: { $0.isLetter }) else { continue }
            let body = characters[characters.index(after: characters.startIndex)..<end]
            let isSGR = characters[end] == "m"
            characters = characters[characters.index(after: end)...]
            guard isSGR else { continue }
            var parameters = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
            while let parameter = parameters.popFirst() {
                switch parameter {
                case 0: active = []
                case 22: active.subtract([1, 2])
                case 24, 27: active.remove(parameter - 20)
                // 38;5;N and 48;5;N (or ;2;R;G;B): a colour, not an attribute.
                case 38, 48: parameters = parameters.first == 5 ? parameters.dropFirst(2) : parameters.dropFirst(4)
                default: active.insert(parameter)
                }
            }
        }
        finish()
        return words
    }

    /// The line of the screen that holds `text`.
    static func row(of text: String, in screen: String) -> Int? {
        screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }
    }

    @Test("w, e: the editor opens at the word, on its row, underlining the unsure words; the cop → a cough in 12 keys")
    func correctsAtTheWord() async throws {
        let tmux = try await openNote()
        defer { tmux.shutDown() }
        var keys = 0
        let send = { (key: String) in
            keys += 1
            try tmux.send(key)
        }
        try send("w")
        _ = try tmux.waitFor("unsure word 1 of 3:")
        try send("w")
        _ = try tmux.waitFor("unsure word 2 of 3:")
        try send("e")
        let editing = try tmux.waitFor("the editor at the word") {
            $0.contains("Editing report #1") && $0.contains("Unsure word 2 of 3: 5 % at")
        }
        // The cursor stands right after "cop", on the row that shows it.
        let row = try #require(Self.row(of: "She has had the cop for two weeks.", in: editing), "\(editing)")
        let line = Array(editing.split(separator: "\n", omittingEmptySubsequences: false)[row])
        let copEnd = try #require(String(line).range(of: "the cop")).upperBound
        let position = try cursor(tmux)
        #expect(position.row == row, "the cursor is on the word's row:\n\(editing)")
        #expect(position.column == String(line)[..<copEnd].count, "the cursor is at the end of \"cop\"")
        // Underlined: the unsure words; the one the cursor is on stands out (reversed).
        let escapes = try tmux.screen(escapes: true)
        let underlined = Set(Self.styled(escapes, attribute: 4).map { $0.lowercased() })
        #expect(underlined.isSuperset(of: ["asthma", "review"]), "\(underlined)")
        #expect(Self.styled(escapes, attribute: 1).contains("cop"), "cop stands out (bold)")

        try send("C-w")
        _ = try tmux.waitFor("She has had the  for two weeks.")
        try send("C-w")
        _ = try tmux.waitFor("She has had  for two weeks.")
        for character in "a cough" {
            keys += 1
            try tmux.type(String(character))
        }
        _ = try tmux.waitFor("She has had a cough for two weeks.")
        try send("C-s")
        _ = try tmux.waitFor("Saved a new revision")
        #expect(try storedText().contains("She has had a cough for two weeks."))
        #expect(keys == 13, "w w e, Ctrl-W twice, \"a cough\", Ctrl-S: \(keys) keys (12 from the first unsure word)")
        try tmux.send("q")
        _ = try tmux.waitFor("Reports")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test("in the editor Ctrl-N and Ctrl-P go to the unsure words; a changed word loses its underline")
    func goesToUnsureWordsInTheEditor() async throws {
        let tmux = try await openNote()
        defer { tmux.shutDown() }
        // No word selected: the editor opens at the first row in view.
        try tmux.send("e")
        _ = try tmux.waitFor("Editing report #1")
        #expect(try cursor(tmux).column <= 2, "at the start of the first row")
        let keyBar = TmuxSession.keyBar(of: try tmux.screen())
        #expect(keyBar.contains("Ctrl-N Unsure word") && keyBar.contains("Ctrl-W Delete word"), "\(keyBar)")
        try tmux.send("C-n")
        _ = try tmux.waitFor("Unsure word 1 of 3")
        #expect(try cursor(tmux).row == Self.row(of: "History of asthma", in: try tmux.screen()))
        try tmux.send("C-n")
        _ = try tmux.waitFor("Unsure word 2 of 3")
        try tmux.send("C-p")
        _ = try tmux.waitFor("Unsure word 1 of 3")
        // A letter typed against "asthma" changes the word: its mark goes, the others stay.
        try tmux.type("s")
        _ = try tmux.waitFor("History of asthmas since")
        let escapes = try tmux.screen(escapes: true)
        let underlined = Set(Self.styled(escapes, attribute: 4).map { $0.lowercased() })
        #expect(!underlined.contains("asthmas") && !underlined.contains("asthma"), "\(underlined)")
        #expect(underlined.isSuperset(of: ["cop", "review"]), "\(underlined)")
        try tmux.send("C-n")
        _ = try tmux.waitFor("Unsure word 1 of 2")
        // Alt-Backspace deletes the word (it opened "Abandon changes?"); Ctrl-Backspace, sent as Ctrl-H by
        // xterm and VTE, too.
        try tmux.send("M-BSpace")
        _ = try tmux.waitFor("She has had the  for two weeks.")
        #expect(!(try tmux.screen()).contains("Abandon changes?"))
        try tmux.send("C-h")
        _ = try tmux.waitFor("She has had  for two weeks.")
        try tmux.send("F1")
        let help = try tmux.waitFor("Ctrl-N Ctrl-P")
        #expect(help.contains("Ctrl-W"), "\(help)")
        try tmux.send("Escape")
        _ = try tmux.waitUntilGone("Ctrl-N Ctrl-P")
        try tmux.send("Escape", thenWaitFor: "Abandon changes?")
        try tmux.send("y", thenWaitFor: "Threw away your changes")
        #expect(try storedText().contains("History of asthma since"))
        try tmux.send("q")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }
}

/// `p` after `w` plays from a second before the selected word, where the heading says it is: the player's
/// position on screen, and what reaches the audio server's sink (a recording whose first 26 s are a 440 Hz
/// tone and the rest 1000 Hz, so what plays first tells where playback began).
@Suite("Playing from the unsure word in tmux", .serialized, .audioServer)
struct TerminalPlayFromWordTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("playword") }

    @Test("w selects \"cop\" at 00:27; p plays from 00:26: the position says so, and the sink hears 1000 Hz")
    func playsFromTheWord() async throws {
        try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        let recording = try seedTones()
        let correcting = TerminalCorrectionKeysTests(terminal: terminal)
        let words = TerminalCorrectionKeysTests.words(startingAt: [
            "asthma": .milliseconds(3_000), "cop": .milliseconds(27_400),
        ])
        try await PulseTestServer.withSink { sink in
            var environment = ["PULSE_SINK": sink]
            if let server = ProcessInfo.processInfo.environment["PULSE_SERVER"] { environment["PULSE_SERVER"] = server }
            let tmux = try await correcting.openNote(environment: environment, audio: recording, words: words)
            defer { tmux.shutDown() }
            try tmux.send("w", "w")
            _ = try tmux.waitFor("unsure word 2 of 3: 5 % at 00:27")
            let listener = try Self.listen(to: "\(sink).monitor")
            defer { listener.terminate() }
            try tmux.send("p")
            let playing = try tmux.waitFor("the position near the word") {
                $0.contains("▶ 00:2") && $0.contains(" / 00:40")
            }
            let line = try #require(playing.split(separator: "\n").first { $0.contains("▶ 00:") })
            #expect(
                line.contains("▶ 00:26") || line.contains("▶ 00:27"), "playback began a second before the word: \(line)"
            )
            // What the sink heard first: the tone after 26 s.
            let sounded = { (samples: [Int16]) in samples.firstIndex { abs(Int($0)) > 1_000 } }
            try await waitUntil(
                "half a second of sound at the sink", detail: { "\(RecordedAudio.bytes(in: listener.file)) bytes" }
            ) {
                let samples = try Self.samples(of: listener.file)
                return sounded(samples).map { samples.count >= $0 + 8_000 } ?? false
            }
            let heard = try Self.samples(of: listener.file)
            let start = try #require(sounded(heard))
            let first = heard[start..<(start + 8_000)]
            #expect(
                Self.power(of: 1_000, in: first) > 10 * Self.power(of: 440, in: first),
                "the sink heard 440 Hz: played from the start")
            try tmux.send("p")
            _ = try tmux.waitFor("‖ 00:2")
            try tmux.send("q")
            _ = try tmux.waitFor("Reports")
            try tmux.send("q")
            #expect(try tmux.waitForExit() == 0)
        }
    }

    @Test(
        "without libpulse p says playing needs it, and the station goes on",
        .enabled(if: HiddenLibrary.canHide, "unshare --mount is not allowed here"))
    func playsWithoutLibPulse() async throws {
        let recording = try seedTones()
        let wrapper = try HiddenLibrary.wrapper(hiding: "libpulse.so.0", emptyFileIn: terminal.directory)
        let tmux = try await TerminalCorrectionKeysTests(terminal: terminal).openNote(
            audio: recording, start: { try $0.start(wrapper: wrapper) })
        defer { tmux.shutDown() }
        try tmux.send("p", thenWaitFor: "Playing needs the PulseAudio client library (package libpulse0)")
        try tmux.send("q")
        _ = try tmux.waitFor("Reports")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0, "the station was not ended by the loader")
    }

    /// The tones as the recording of report #1, in the data directory as the station keeps it.
    func seedTones() throws -> URL {
        let audio = terminal.audio
        try FileManager.default.createDirectory(
            at: audio, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let recording = audio.appendingPathComponent("tones.wav")
        try AudioFixtures.writeWAV(Self.tones(), to: recording)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: recording.path)
        return recording
    }

    /// 40 s at 16 kHz: 440 Hz up to 26 s, then 1000 Hz.
    static func tones() -> [Int16] {
        (0..<(40 * 16_000)).map { index in
            let frequency = index < 26 * 16_000 ? 440.0 : 1_000.0
            return Int16(8_000 * sin(2 * Double.pi * frequency * Double(index) / 16_000))
        }
    }

    /// `parec` recording what `source` carries into a raw file (after 44 bytes of room, as a WAV header).
    static func listen(to source: String) throws -> (file: URL, terminate: () -> Void) {
        let file = try temporaryDirectory().appendingPathComponent("heard.raw")
        _ = FileManager.default.createFile(atPath: file.path, contents: Data(count: 44))
        let output = try FileHandle(forWritingTo: file)
        try output.seekToEnd()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/parec")
        process.arguments = ["-d", source, "--format=s16le", "--rate=16000", "--channels=1", "--latency-msec=20"]
        process.standardOutput = output
        try process.run()
        return (
            file,
            {
                // The test runner's threads block SIGTERM, and parec inherits that: only SIGKILL ends it. Foundation
                // does not always notice the end (see TmuxSession.spawn): nothing waits for it.
                kill(process.processIdentifier, SIGKILL)
                try? output.close()
                try? FileManager.default.removeItem(at: file.deletingLastPathComponent())
            }
        )
    }

    static func samples(of file: URL) throws -> [Int16] {
        let bytes = [UInt8](try Data(contentsOf: file).dropFirst(44))
        return bytes.withUnsafeBytes { raw in
            (0..<(raw.count / 2)).map { Int16(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 2, as: Int16.self)) }
        }
    }

    /// The strength of `frequency` in `samples` (Goertzel).
    static func power(of frequency: Double, in samples: ArraySlice<Int16>) -> Double {
        let coefficient = 2 * cos(2 * Double.pi * frequency / 16_000)
        var (previous, beforePrevious) = (0.0, 0.0)
        for sample in samples {
            let current = Double(sample) + coefficient * previous - beforePrevious
            beforePrevious = previous
            previous = current
        }
        return previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
    }
}
