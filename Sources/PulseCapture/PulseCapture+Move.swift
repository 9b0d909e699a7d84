import CPulseAudio
import StationCore

/// Moving the record stream to another source while it records or is paused: the server takes the
/// stream's audio from the new source from then on, into the same file, with no new stream.
extension PulseCapture {
    public nonisolated func move(toSource source: String) async throws {
        try await step { capture async throws(CaptureError) in try await capture.moveStream(to: source) }
    }

    /// `pa_context_move_source_output_by_name` on the stream's index; the server's answer says whether
    /// it moved (a source that went away is refused).
    fileprivate func moveStream(to source: String) async throws(CaptureError) {
        guard let connection, let stream, phase != .ended, phase != .idle else {
            throw .streamFailed(detail: "the capture is not running")
        }
        let answer = MoveAnswer(connection: connection)
        let operation = pa_context_move_source_output_by_name(
            connection.context, pa_stream_get_index(stream), source,
            { _, success, userdata in
                let answer = Unmanaged<MoveAnswer>.fromOpaque(userdata!).takeUnretainedValue()
                answer.moved = success != 0
                answer.connection.signal()
            }, Unmanaged.passUnretained(answer).toOpaque())
        do throws(PulseError) {
            try await connection.complete(operation, "moving the recording to \(source)")
        } catch {
            throw error.captureError(server: server)
        }
        guard answer.moved else {
            let available = (try? await connection.sources())?.map(\.name) ?? []
            throw .noSuchSource(name: source, available: available)
        }
        log.log(.info, "capture: the record stream moved to another source")
    }
}

/// What the server answered to a move; written by its callback on the loop's thread.
private final class MoveAnswer {
    let connection: PulseConnection
    var moved = false

    init(connection: PulseConnection) { self.connection = connection }
}
