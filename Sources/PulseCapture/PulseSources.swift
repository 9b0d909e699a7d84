import CPulseAudio
import Foundation
import StationCore

/// The capture sources of the audio server.
public enum PulseSources {
    /// Lists the sources, the default one marked; `server` nil means PULSE_SERVER or the default server.
    /// Blocks until the server answers: call it off the main thread.
    public static func list(server: String? = nil) throws(CaptureError) -> [AudioSource] {
        do {
            let connection = try PulseConnection(server: server)
            defer { connection.close() }
            return try connection.locked { () throws(PulseError) in try connection.sources() }
        } catch {
            throw error.captureError(server: server)
        }
    }
}

/// Collects the answers of an introspection call.
private final class SourceCollector {
    let connection: PulseConnection
    var sources: [AudioSource] = []
    var defaultName: String?
    init(_ connection: PulseConnection) { self.connection = connection }
}

extension PulseConnection {
    /// The server's sources in its order, the default marked; lock held.
    func sources() throws(PulseError) -> [AudioSource] {
        let collector = SourceCollector(self)
        let userdata = Unmanaged.passUnretained(collector).toOpaque()
        let server = pa_context_get_server_info(
            context,
            { _, info, userdata in
                let collector = Unmanaged<SourceCollector>.fromOpaque(userdata!).takeUnretainedValue()
                if let name = info?.pointee.default_source_name { collector.defaultName = String(cString: name) }
                collector.connection.signal()
            }, userdata)
        try wait(for: server, "asking the audio server for its default source")
        let list = pa_context_get_source_info_list(
            context,
            { _, info, eol, userdata in
                let collector = Unmanaged<SourceCollector>.fromOpaque(userdata!).takeUnretainedValue()
                if eol == 0, let info = info?.pointee {
                    let name = String(cString: info.name)
                    collector.sources.append(
                        AudioSource(
                            name: name, description: info.description.map { String(cString: $0) } ?? name,
                            isDefault: false, isMonitor: info.monitor_of_sink != UInt32.max))
                }
                collector.connection.signal()
            }, userdata)
        try wait(for: list, "listing the capture sources")
        return collector.sources.map { source in
            var source = source
            source.isDefault = source.name == collector.defaultName
            return source
        }
    }
}
