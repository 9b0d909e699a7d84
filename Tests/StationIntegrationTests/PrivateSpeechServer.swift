import Foundation
import StationTestSupport

/// A PulseAudio server of one test's own with a 16 kHz null sink, so speech played into the sink is
/// captured from its monitor; the test may kill it, as a crash or a logout would.
final class PrivateSpeechServer {
    static let sinkName = "ds_private_speech"
    static var monitor: String { "\(sinkName).monitor" }
    private let server: PrivateAudioServer
    var address: String { server.address }

    init() throws {
        server = try PrivateAudioServer(
            label: "speech-pulse", module: "module-null-sink sink_name=\(Self.sinkName) rate=16000 channels=1")
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
    func kill() throws { try server.kill() }
}
