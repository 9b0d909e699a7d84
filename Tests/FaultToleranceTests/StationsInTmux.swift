import Foundation
import StationTestSupport
import Testing

/// Station processes on one data directory in tmux, each as another person at the workstation (its own
/// `USER`, as its shell would set it, and control socket), recording from the test audio server.
struct StationsInTmux {
    let terminal: StationInTmux
    let microphone: String

    init(_ label: String, microphone: String) throws {
        terminal = try StationInTmux(label)
        self.microphone = microphone
    }

    /// Opens a station as `user`; `hold` names a hold point to stop it at (see HoldPoint).
    func start(as user: String, hold: String? = nil) throws -> TmuxSession {
        let runtime = terminal.directory.appendingPathComponent("run-\(user)")
        try FileManager.default.createDirectory(
            at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var environment = ["PULSE_SOURCE": microphone, "USER": user, "XDG_RUNTIME_DIR": runtime.path]
        if let server = ProcessInfo.processInfo.environment["PULSE_SERVER"] { environment["PULSE_SERVER"] = server }
        if let hold {
            environment["DICTATION_STATION_HOLD_AT"] = hold
            environment["DICTATION_STATION_HOLD_SIGNAL"] = holdSignal.path
        }
        return try terminal.start(environment: environment)
    }

    /// The process ids the claim files name (`user\thost\tpid`), of the claims held now.
    func claimHolders() throws -> [String] {
        let claims = URL(fileURLWithPath: terminal.data).appendingPathComponent("claims")
        return try FileManager.default.contentsOfDirectory(atPath: claims.path).compactMap { name in
            let text = try String(contentsOf: claims.appendingPathComponent(name), encoding: .utf8)
            let fields = text.trimmingCharacters(in: .newlines).split(separator: "\t")
            return fields.count == 3 ? String(fields[2]) : nil
        }
    }

    /// The account the tests run as: claims name it, whatever `USER` says.
    static let account = getpwuid(geteuid()).flatMap { $0.pointee.pw_name.map { String(cString: $0) } } ?? "?"

    var holdSignal: URL { terminal.directory.appendingPathComponent("held") }
    var audio: URL { URL(fileURLWithPath: terminal.data).appendingPathComponent("audio") }

    /// Makes a session named `name` with the `n` dialog and starts recording into it with Space.
    func startRecording(_ name: String, in tmux: TmuxSession) throws { try tmux.startRecording(name) }

    /// The reports, as `reports --json` prints them.
    func reports() throws -> [[String: Any]] {
        let listed = try terminal.run(["reports", "--json"])
        return try #require(JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
    }

    /// Kills the station in `tmux` as a crash or a power cut would.
    func kill(_ tmux: TmuxSession) throws {
        _ = try TmuxSession.spawn(["/bin/kill", "-KILL", try tmux.programPID()], captureOutput: true)
        #expect(try tmux.waitForExit() == 128 + 9)
    }

    /// One column of the sessions table, read with Python's sqlite3 as another program would.
    func savedSessions(_ column: String) throws -> [String] {
        let database = URL(fileURLWithPath: terminal.data).appendingPathComponent("station.sqlite3").path
        let script =
            "import sqlite3,sys; [print(r[0]) for r in sqlite3.connect(sys.argv[1]).execute('SELECT \(column) FROM sessions')]"
        let (status, output) = try TmuxSession.spawn(["/usr/bin/python3", "-c", script, database], captureOutput: true)
        #expect(status == 0, "\(output)")
        return output.split(separator: "\n").map(String.init)
    }
}

/// The first screen line that shows `text`, for messages in the notification strip.
func line(_ screen: String, containing text: String) -> String? {
    screen.split(separator: "\n").map(String.init).first { $0.contains(text) }
}
