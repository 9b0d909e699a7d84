import CPulseAudio
import StationCore
import Synchronization

/// The capture sources of the audio server.
public enum PulseSources {
    /// Lists the sources, the default one marked; `server` nil means PULSE_SERVER or the default server.
    /// Blocks until the server answers: call it off the main thread.
    public static func list(server: String? = nil) throws(CaptureError) -> [AudioSource] {
        try PulseLibrary.requireForCapture()
        let lister = SourceLister(server: server)
        // Started here and run on the loop's own thread, so no thread of Swift's pool is needed to answer.
        Task.immediate { await lister.list() }
        return try lister.answer()
    }
}

/// Asks the server for its sources on a loop of its own, for a caller that waits for the answer.
private actor SourceLister {
    private nonisolated let loop = PulseLoop(name: "dictation-station.sources")
    nonisolated var unownedExecutor: UnownedSerialExecutor { loop.asUnownedSerialExecutor() }
    private nonisolated let result = Mutex<Result<[AudioSource], CaptureError>?>(nil)
    private let server: String?

    init(server: String?) { self.server = server }

    func list() async {
        let answer: Result<[AudioSource], CaptureError>
        do throws(PulseError) {
            let connection = try await PulseConnection.open(on: loop, server: server)
            defer { connection.close() }
            answer = .success(try await connection.sources())
        } catch {
            answer = .failure(error.captureError(server: server))
        }
        result.withLock { $0 = answer }
        loop.wakeBlocked()
    }

    /// Blocks the calling thread until `list()` has answered.
    nonisolated func answer() throws(CaptureError) -> [AudioSource] {
        loop.block { result.withLock { $0 != nil } }
        return try result.withLock { $0! }.get()
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
    /// The server's sources in its order, the default marked.
    nonisolated(nonsending) func sources() async throws(PulseError) -> [AudioSource] {
        let collector = SourceCollector(self)
        let userdata = Unmanaged.passUnretained(collector).toOpaque()
        let server = pa_context_get_server_info(
            context,
            { _, info, userdata in
                let collector = Unmanaged<SourceCollector>.fromOpaque(userdata!).takeUnretainedValue()
                if let name = info?.pointee.default_source_name { collector.defaultName = String(cString: name) }
                collector.connection.signal()
            }, userdata)
        try await complete(server, "asking the audio server for its default source")
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
        try await complete(list, "listing the capture sources")
        return withExtendedLifetime(collector) {
            collector.sources.map { source in
                var source = source
                source.isDefault = source.name == collector.defaultName
                return source
            }
        }
    }
}
