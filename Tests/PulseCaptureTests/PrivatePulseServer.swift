import Foundation
import StationTestSupport

/// A PulseAudio server of one test's own, with a sine source, that the test may stop.
final class PrivatePulseServer {
    static let sourceName = "private_sine"
    private let server: PrivateAudioServer
    var address: String { server.address }

    init() throws {
        server = try PrivateAudioServer(
            label: "private-pulse", module: "module-sine-source source_name=\(Self.sourceName) rate=16000")
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
    func kill() throws { try server.kill() }

    /// Freezes the server: it keeps its socket but answers nothing, as a wedged server would.
    func freeze() throws { try server.freeze() }

    /// Lets a frozen server go on.
    func thaw() throws { try server.thaw() }
}
