import Foundation
import StationTestSupport

/// A PulseAudio server of one test's own, with a sine source, that the test may stop.
final class PrivatePulseServer {
    let directory: URL
    var address: String { "unix:\(directory.path)/native" }
    static let sourceName = "private_sine"

    init() throws {
        directory = URL(fileURLWithPath: "/tmp/ds-private-pulse-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("runtime"), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let result = try PulseTestServer.run(
            "/usr/bin/pulseaudio",
            [
                "--daemonize=yes", "--exit-idle-time=-1", "-n", "--use-pid-file=yes",
                "--log-target=file:\(directory.path)/pulse.log",
                "--load=module-native-protocol-unix socket=\(directory.path)/native auth-anonymous=1",
                "--load=module-sine-source source_name=\(Self.sourceName) rate=16000",
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

    /// Unloads the server's only source, as unplugging the only microphone would.
    func unloadSineSource() throws {
        let modules = try PulseTestServer.run("/usr/bin/pactl", ["-s", address, "list", "short", "modules"]).output
        guard
            let index = modules.split(separator: "\n").map({ $0.split(separator: "\t") })
                .first(where: { $0.count > 1 && $0[1] == "module-sine-source" })?.first
        else { throw TestFailure("the sine source is not loaded") }
        try PulseTestServer.run("/usr/bin/pactl", ["-s", address, "unload-module", String(index)])
    }

    /// Stops the server the hard way, as a crash or a logout would.
    func kill() throws { try signal(SIGKILL) }

    /// Freezes the server: it keeps its socket but answers nothing, as a wedged server would.
    func freeze() throws { try signal(SIGSTOP) }

    /// Lets a frozen server go on.
    func thaw() throws { try signal(SIGCONT) }

    private func signal(_ number: Int32) throws {
        let pid = try String(contentsOf: directory.appendingPathComponent("runtime/pid"), encoding: .utf8)
        guard let process = Int32(pid.trimmingCharacters(in: .whitespacesAndNewlines)) else { return }
        Foundation.kill(process, number)
    }

    deinit {
        try? thaw()
        try? kill()
        try? FileManager.default.removeItem(at: directory)
    }
}
