import Foundation
import StationSystem
import StationTestSupport
import Testing

@testable import PostgresStore

/// Real station processes as real accounts on one clinic store, each in a tmux of its own: a private
/// PostgreSQL server the test may stop and start (peer authentication on its socket), and a private
/// PulseAudio server whose null sink's monitor is every station's microphone.
final class ClinicStationsInTmux {
    let server: PrivateServer
    let audio: PrivateAudioServer
    let sink = "clinic_mic"
    private var terminals: [TmuxSession] = []

    init(server: PrivateServer) throws {
        self.server = server
        audio = try PrivateAudioServer(
            label: "clinic-audio", module: "module-null-sink sink_name=\(sink) rate=16000 channels=1")
        // The accounts reach the audio server's socket (anonymous) through its folder.
        chmod(audio.directory.path, 0o755)
    }

    deinit { for terminal in terminals { terminal.shutDown() } }

    var store: StoreAddress { server.address(database: "clinic") }

    /// Opens the station as `account` (peer authentication makes it that role), with its home as its
    /// data directory and `runtime` its own runtime folder, and waits for its first frame.
    func open(as account: String, runtime: String = "run") throws -> TmuxSession {
        let home = "/tmp/\(account)"
        try run("/usr/sbin/runuser", ["-u", account, "--", "/bin/mkdir", "-p", "-m", "700", "\(home)/\(runtime)"])
        let command = [
            "/usr/sbin/runuser", "-u", account, "--", "/usr/bin/env", "-i", "HOME=\(home)",
            "XDG_RUNTIME_DIR=\(home)/\(runtime)", "TERM=screen-256color", "LC_ALL=C.UTF-8", "TZ=UTC",
            "PATH=/usr/bin:/bin", "PULSE_SERVER=\(audio.address)", "PULSE_SOURCE=\(sink).monitor", "EDITOR=true",
            TmuxSession.binary.path, "--no-color", "--store", store.conninfo,
        ]
        let tmux = try TmuxSession(command: command, environment: [:], rows: 30, columns: 120)
        terminals.append(tmux)
        _ = try tmux.waitFor("F10", seconds: 60)
        return tmux
    }

    /// The station process in `tmux`: the pane's shell runs runuser, whose child is the station.
    func stationPID(in tmux: TmuxSession) throws -> pid_t {
        let runuser = try tmux.programPID()
        let children = try String(contentsOfFile: "/proc/\(runuser)/task/\(runuser)/children", encoding: .utf8)
        guard let pid = children.split(separator: " ").first.flatMap({ pid_t($0) }) else {
            throw TestFailure("no station under runuser \(runuser)")
        }
        return pid
    }

    /// Plays `file` into the microphone and waits until it has played.
    func speak(_ file: URL) throws {
        try run("/usr/bin/paplay", ["-s", audio.address, "-d", sink, file.path], deadline: .seconds(120))
    }

    /// The recording `account` is making now: the newest WAV file of its data directory.
    func recordingInProgress(of account: String) throws -> URL {
        let folder = URL(fileURLWithPath: "/tmp/\(account)/.local/share/dictation-station/audio")
        let files = try FileManager.default.contentsOfDirectory(
            at: folder, includingPropertiesForKeys: [.contentModificationDateKey]
        ).filter { $0.pathExtension == "wav" }
        let newest = files.max { a, b in
            let dates = [a, b].map {
                (try? $0.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast
            }
            return dates[0] < dates[1]
        }
        guard let newest else { throw TestFailure("no recording in \(folder.path)") }
        return newest
    }

    func run(_ program: String, _ arguments: [String], deadline: Duration = .seconds(60)) throws {
        var spawn = Spawn(program, arguments)
        spawn.output = .capture
        spawn.errors = .capture
        let finished = try spawn.run(deadline: deadline)
        guard finished.termination == .exited(0) else {
            throw TestFailure("\(program) \(arguments): \(finished.errorText)")
        }
    }
}
