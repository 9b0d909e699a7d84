import Foundation

/// A PulseAudio server of one test's own, started with one module beside its native socket, that the
/// test may freeze, thaw or kill (as a wedged server, a crash or a logout would).
public final class PrivateAudioServer {
    public let directory: URL
    public var address: String { "unix:\(directory.path)/native" }

    /// Starts the server with `module` (for example `module-null-sink sink_name=x rate=16000 channels=1`).
    public init(label: String, module: String) throws {
        directory = URL(fileURLWithPath: "/tmp/ds-\(label)-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("runtime"), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let result = try PulseTestServer.run(
            "/usr/bin/pulseaudio",
            [
                "--daemonize=yes", "--exit-idle-time=-1", "-n", "--use-pid-file=yes",
                "--log-target=file:\(directory.path)/pulse.log",
                "--load=module-native-protocol-unix socket=\(directory.path)/native auth-anonymous=1",
                "--load=\(module)",
            ], environment: environment)
        guard result.status == 0 else { throw TestFailure("the private PulseAudio server did not start") }
        let (address, log) = (address, "its log is \(directory.path)/pulse.log")
        try blockUntil("the private PulseAudio server to answer", detail: { log }) {
            (try? PulseTestServer.run("/usr/bin/pactl", ["-s", address, "info"]).status) == 0
        }
    }

    private var environment: [String: String] {
        [
            "PULSE_RUNTIME_PATH": directory.appendingPathComponent("runtime").path,
            "PULSE_STATE_PATH": directory.appendingPathComponent("state").path,
        ]
    }

    /// Stops the server the hard way.
    public func kill() throws { try signal(SIGKILL) }

    /// Freezes the server: it keeps its socket but answers nothing.
    public func freeze() throws { try signal(SIGSTOP) }

    /// Lets a frozen server go on.
    public func thaw() throws { try signal(SIGCONT) }

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
