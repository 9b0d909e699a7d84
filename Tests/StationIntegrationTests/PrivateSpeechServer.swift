import Foundation
import StationTestSupport

/// A PulseAudio server of one test's own with a 16 kHz null sink, so speech played into the sink is
/// captured from its monitor; the test may kill it, as a crash or a logout would.
final class PrivateSpeechServer {
    let directory: URL
    var address: String { "unix:\(directory.path)/native" }
    static let sinkName = "ds_private_speech"
    static var monitor: String { "\(sinkName).monitor" }

    init() throws {
        directory = URL(fileURLWithPath: "/tmp/ds-speech-pulse-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("runtime"), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let result = try PulseTestServer.run(
            "/usr/bin/pulseaudio",
            [
                "--daemonize=yes", "--exit-idle-time=-1", "-n", "--use-pid-file=yes",
                "--log-target=file:\(directory.path)/pulse.log",
                "--load=module-native-protocol-unix socket=\(directory.path)/native auth-anonymous=1",
                "--load=module-null-sink sink_name=\(Self.sinkName) rate=16000 channels=1",
            ], environment: environment)
        guard result.status == 0 else { throw TestFailure("the private PulseAudio server did not start") }
        for _ in 0..<50 where (try? PulseTestServer.run("/usr/bin/pactl", ["-s", address, "info"]).status) != 0 {
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    private var environment: [String: String] {
        [
            "PULSE_RUNTIME_PATH": directory.appendingPathComponent("runtime").path,
            "PULSE_STATE_PATH": directory.appendingPathComponent("state").path,
        ]
    }

    /// Plays `file` into the sink and waits until it has been played.
    func play(_ file: URL) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/paplay")
        process.arguments = ["-s", address, "-d", Self.sinkName, file.path]
        try process.run()
        await waitForExit(process)
        guard process.terminationStatus == 0 else { throw TestFailure("paplay failed") }
    }

    /// Stops the server the hard way.
    func kill() throws {
        let pid = try String(contentsOf: directory.appendingPathComponent("runtime/pid"), encoding: .utf8)
        guard let process = Int32(pid.trimmingCharacters(in: .whitespacesAndNewlines)) else { return }
        Foundation.kill(process, SIGKILL)
    }

    deinit {
        try? kill()
        try? FileManager.default.removeItem(at: directory)
    }
}
