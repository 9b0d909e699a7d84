import Foundation
import StationTestSupport
import Testing

/// The station trains its author's voice profile in a child process after a correction; that child
/// failing or being killed must never take the station with it, nor leave a half profile or the
/// copies of the author's audio it trains from.
@Suite("Survives: a voice profile training that fails or is killed", .serialized)
struct VoiceProfileTrainingFaultTests {
    @Test(
        "a training killed midway: the station warns and goes on, no profile appears; the next signature reclaims the killed one's folder and trains, and the screen says so"
    )
    func killedTraining() throws {
        let terminal = try StationInTmux("profile-kill")
        let data = URL(fileURLWithPath: terminal.data)
        try correctedReports(25, in: terminal)
        let author = NSUserName()
        let profiles = data.appendingPathComponent("profiles/\(author)")
        let hold = terminal.directory.appendingPathComponent("held")

        var tmux = try terminal.start(environment: [
            "DICTATION_STATION_HOLD_AT": "profile-training-started", "DICTATION_STATION_HOLD_SIGNAL": hold.path,
        ])
        defer { tmux.shutDown() }
        try sign(in: tmux, moving: [])
        try HoldSignal.wait(for: hold, seconds: 120)
        let station = try tmux.programPID()
        let children = try Self.children(of: station)
        #expect(children.count == 1, "one training child: \(children)")
        let child = try #require(children.first)
        _ = try TmuxSession.spawn(["/bin/kill", "-KILL", child], captureOutput: true)
        let warned = try tmux.waitFor("the warning", seconds: 30) { $0.contains("Voice profile (en-US) not trained") }
        #expect(try #require(line(warned, containing: "not trained")).contains("stopped (signal 9)"))
        try tmux.createSession("After the training")
        #expect(!FileManager.default.fileExists(atPath: profiles.appendingPathComponent("en-US").path))
        let left = try FileManager.default.contentsOfDirectory(atPath: profiles.path)
        #expect(left.contains { $0.hasPrefix(".training-") }, "killed mid-training: its folder is still there \(left)")
        tmux.shutDown()

        // The killed training counts as none: the next signature makes it due again.
        let started = Date()
        tmux = try terminal.start()
        try sign(in: tmux, moving: ["Down"])
        let updated = try tmux.waitFor("the new profile", seconds: 400) {
            $0.contains("Voice profile (en-US) updated: ")
        }
        print("background training from the screen took \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        print(line(updated, containing: "Voice profile") ?? "")
        #expect(FileManager.default.fileExists(atPath: profiles.appendingPathComponent("en-US/profile.json").path))
        let after = try FileManager.default.contentsOfDirectory(atPath: profiles.path)
        #expect(!after.contains { $0.hasPrefix(".training-") }, "reclaimed: \(after)")
        let log = try String(contentsOf: data.appendingPathComponent("station.log"), encoding: .utf8)
        #expect(log.contains("removed 1 training folder(s) a stopped training left"))
        #expect(log.contains("voice profile (en-US): failed: the training was stopped (signal 9)"))
    }

    /// Signs the report selected after `moving` in the list (Enter, S, then y).
    func sign(in tmux: TmuxSession, moving keys: [String]) throws {
        _ = try tmux.waitFor("corrected")
        try tmux.send("Tab")
        for key in keys { try tmux.send(key) }
        // S signs from the report view, once the report is open.
        try tmux.send("Enter")
        _ = try tmux.waitFor("Report #")
        try tmux.send("S")
        _ = try tmux.waitFor("Sign report #")
        try tmux.send("y")
        _ = try tmux.waitFor("Signed report #")
        // Back to the list and the sessions, where the callers go on.
        try tmux.send("Escape")
    }

    /// `count` dev-corpus dictations imported and corrected on the command line, with training by the
    /// command line turned off: only the screen's signature may make the profile due.
    func correctedReports(_ count: Int, in terminal: StationInTmux) throws {
        let corpus = try DevCorpusSentences.generate("slt")
        let environment = [
            "XDG_RUNTIME_DIR": terminal.runtime.path, "TZ": "UTC", "DICTATION_STATION_PROFILE_EVERY": "0",
            "PATH": "/usr/bin:/bin",
        ]
        func run(_ arguments: [String]) throws -> String {
            let (status, output) = try TmuxSession.spawn(
                [TmuxSession.binary.path, "--data-dir", terminal.data] + arguments, captureOutput: true,
                environment: environment)
            try #require(status == 0, "\(arguments.prefix(2)): \(output)")
            return output
        }
        let files = (1...count).map { corpus.appendingPathComponent(String(format: "%03d.wav", $0)).path }
        let imported = try run(["import", "--session", "Ward round", "--locale", "en-US"] + files)
        for line in imported.split(separator: "\n") where line.hasPrefix("Imported ") {
            let words = line.split(separator: " ")
            guard let id = words.last?.dropLast(), let file = words.dropFirst().first else { continue }
            let text = String(file).replacingOccurrences(of: ".wav", with: ".txt")
            _ = try run(["reports", "edit", String(id), "--text-file", text])
        }
    }

    /// The pids of `pid`'s children, across all its threads (each thread has its own list).
    static func children(of pid: String) throws -> [String] {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").map(String.init)
        }
    }
}
