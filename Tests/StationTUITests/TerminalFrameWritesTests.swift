import Foundation
import StationTestSupport
import Testing

/// A frame reaches the terminal in one write, as other curses programs' frames do: ncurses wrote a few
/// bytes at every cursor move until its screen had been left and taken back once, about 90 writes (and
/// as many wake-ups of the terminal) for the first frame.
@Suite("Frames reach the terminal whole", .serialized)
struct TerminalFrameWritesTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("writes") }

    /// The station's writes to the terminal, traced by strace, each as the text it wrote.
    func writes(in trace: URL) throws -> [String] {
        try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("write(1, \"") }.map(String.init)
    }

    @Test("the first frame is one write from the title to the key bar, and so is the help a key opens")
    func framesWhole() throws {
        let trace = terminal.directory.appendingPathComponent("writes.trace")
        let tmux = try TmuxSession(
            command: [
                "strace", "-f", "-qq", "-e", "trace=write", "-e", "signal=none", "-s", "100000", "-o", trace.path,
                TmuxSession.binary.path, "--data-dir", terminal.data,
            ],
            environment: ["XDG_RUNTIME_DIR": terminal.runtime.path, "TERM": "screen-256color", "EDITOR": "true"])
        defer { tmux.shutDown() }
        _ = try tmux.waitFor("F10")
        let first = try #require(try writes(in: trace).first { $0.contains("F10") })
        for part in ["Dictation Station", "Sessions", "Recording", "Reports", "No sessions yet."] {
            #expect(first.contains(part), "the write with the key bar holds \(part) too: \(first.prefix(300))")
        }
        // Start-up may draw again after the first frame, as what it reads on its own arrives: those writes
        // are not the help's (a CI run under load counted 3 writes here). Waits until the screen is still.
        var before = try writes(in: trace).count
        for _ in 0..<20 {
            Thread.sleep(forTimeInterval: 0.3)
            let now = try writes(in: trace).count
            if now == before { break }
            before = now
        }
        try tmux.send("?")
        _ = try tmux.waitFor("Keys:")
        let help = try writes(in: trace).dropFirst(before)
        let box = try #require(help.first { $0.contains("Keys:") })
        #expect(box.contains("Record, pause or resume") && box.contains("Quit"), "\(box.prefix(300))")
        #expect(help.count <= 2, "the help's frame took \(help.count) writes: \(help.map { $0.prefix(120) })")
    }
}
