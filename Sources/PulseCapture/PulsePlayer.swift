import CPulseAudio
import Foundation
import Recordings
import StationCore
import StationSystem

/// Plays a recorded WAV file through the audio server, for checking a report against its audio:
/// play, pause, seek and stop, with the audible position published a few times a second.
///
/// The file is read from disk as the server asks for more, never loaded whole. An actor on libpulse's
/// threaded mainloop, as `PulseCapture` is: its steps and the server's callbacks run on that thread.
public actor PulsePlayer: AudioPlaying {
    public nonisolated let progress: AsyncStream<PlaybackProgress>
    private let progressContinuation: AsyncStream<PlaybackProgress>.Continuation
    /// The sink to play to, or nil for the default one.
    public nonisolated let sink: String?
    public nonisolated let server: String?
    private nonisolated let loop = PulseLoop(name: "dictation-station.player")
    public nonisolated var unownedExecutor: UnownedSerialExecutor { loop.asUnownedSerialExecutor() }
    private let steps = OneStepAtATime()

    // unsafe: touched only on the loop's thread (steps and callbacks) and by `deinit` under the loop's
    // lock; nonisolated only so that the deinit may release them (see `deinit`).
    private nonisolated(unsafe) var connection: PulseConnection?
    private nonisolated(unsafe) var stream: OpaquePointer?
    private var descriptor: FileDescriptor?
    private var header = WAVHeader.station()
    /// Audio bytes handed to the server so far, counted from the start of the recording.
    private var sentBytes = 0
    private var state = PlaybackProgress.State.stopped
    private var isDraining = false
    /// Where a paused playback stands; the server's clock says nothing useful while corked.
    private var heldPosition: Duration?

    public init(sink: String? = nil, server: String? = nil) {
        self.sink = sink
        self.server = server
        (progress, progressContinuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(16))
    }

    // Not an `isolated deinit` (see PulseCapture's): the last holder's thread takes the loop's lock.
    deinit {
        let stream = self.stream
        loop.lockedIfStarted { PulseCapture.release(stream) }
        connection?.close()
        descriptor?.close()
    }

    public nonisolated func play(file: URL, from start: Duration) async throws {
        try await step { player async throws(PlaybackError) in
            player.shutDown()
            try await player.startPlaying(file, from: start)
        }
    }

    public nonisolated func pause() async throws {
        try await step { player async throws(PlaybackError) in try await player.cork(true) }
    }

    public nonisolated func resume() async throws {
        try await step { player async throws(PlaybackError) in try await player.cork(false) }
    }

    public nonisolated func seek(by offset: Duration) async throws {
        try await step { player async throws(PlaybackError) in try await player.move(by: offset) }
    }

    /// Without libpulse nothing plays, and there is nothing to stop: `step` refuses, and that is ignored.
    public nonisolated func stop() async {
        try? await step { player async throws(PlaybackError) in
            player.shutDown()
            player.progressContinuation.yield(
                PlaybackProgress(state: .stopped, position: .zero, duration: player.duration))
        }
    }

    /// Runs `body` on the loop's thread after the steps before it. It asks for libpulse first, before
    /// going to that thread, which libpulse makes.
    private nonisolated func step(
        _ body: @Sendable (isolated PulsePlayer) async throws(PlaybackError) -> Void
    ) async throws {
        try PulseLibrary.requireForPlayback()
        try await inOrder(body)
    }

    private func inOrder(_ body: @Sendable (isolated PulsePlayer) async throws(PlaybackError) -> Void) async throws {
        try await steps.run { () async throws(PlaybackError) in try await body(self) }
    }

    private var duration: Duration { time(ofBytes: header.dataBytes) }

    /// The byte offset of `time` in the audio, on a whole frame.
    private func bytes(at time: Duration) -> Int {
        Int(max(.zero, time) / .microseconds(1) * Double(header.sampleRate) / 1_000_000) * header.blockAlign
    }

    private func time(ofBytes bytes: Int) -> Duration {
        .microseconds(Int64(bytes / header.blockAlign) * 1_000_000 / Int64(header.sampleRate))
    }

    // MARK: Control steps

    private func startPlaying(_ file: URL, from start: Duration) async throws(PlaybackError) {
        let info: WAVInfo
        do { info = try WAVInfo(file) } catch { throw .unreadableFile(detail: String(describing: error)) }
        let descriptor: FileDescriptor
        let size: Int64
        do {
            descriptor = try PrivateFile.open(file.path, .readOnly)
        } catch {
            throw .unreadableFile(detail: error.description)
        }
        do {
            size = try descriptor.status().size
        } catch {
            descriptor.close()
            throw .unreadableFile(detail: error.concerning(file.path).description)
        }
        header = WAVHeader(
            sampleRate: info.sampleRate, channels: info.channels, bitsPerSample: 16, dataOffset: info.dataOffset,
            dataBytes: min(info.dataBytes, max(0, Int(size) - info.dataOffset)))
        let connection: PulseConnection
        do {
            connection = try await PulseConnection.open(on: loop, server: server)
        } catch {
            descriptor.close()
            throw .serverUnreachable(detail: error.description)
        }
        self.connection = connection
        self.descriptor = descriptor
        // The first write reads from here: the server never hears what comes before.
        sentBytes = min(bytes(at: start), header.dataBytes)
        isDraining = false
        heldPosition = nil
        connection.onLost = { [unowned self] in self.finished(as: .stopped) }
        do throws(PulseError) {
            try await openStream(on: connection)
        } catch {
            shutDown()
            throw .streamFailed(detail: error.description)
        }
        state = .playing
        publish()
    }

    private func openStream(on connection: PulseConnection) async throws(PulseError) {
        var spec = pa_sample_spec(
            format: PA_SAMPLE_S16LE, rate: UInt32(header.sampleRate), channels: UInt8(header.channels))
        let properties = pa_proplist_new()
        defer { pa_proplist_free(properties) }
        pa_proplist_sets(properties, PA_PROP_MEDIA_ROLE, "production")
        guard let stream = pa_stream_new_with_proplist(connection.context, "Dictation playback", &spec, nil, properties)
        else { throw PulseError.last(of: connection.context, "creating the playback stream") }
        self.stream = stream
        let me = userdata
        pa_stream_set_state_callback(
            stream, { _, userdata in PulsePlayer.from(userdata).assumeIsolated { $0.connection?.signal() } }, me)
        pa_stream_set_write_callback(
            stream, { _, length, userdata in PulsePlayer.from(userdata).assumeIsolated { $0.writable(length) } }, me)
        let bytesPer50ms = UInt32(header.sampleRate * header.blockAlign / 20)
        var attributes = pa_buffer_attr(
            maxlength: UInt32.max, tlength: bytesPer50ms * 4, prebuf: UInt32.max, minreq: bytesPer50ms,
            fragsize: UInt32.max)
        let flags = pa_stream_flags_t(
            PA_STREAM_ADJUST_LATENCY.rawValue | PA_STREAM_AUTO_TIMING_UPDATE.rawValue
                | PA_STREAM_INTERPOLATE_TIMING.rawValue)
        guard pa_stream_connect_playback(stream, sink, &attributes, flags, nil, nil) == 0 else {
            throw PulseError.last(of: connection.context, "connecting the playback stream")
        }
        try await connection.waitUntilReady(stream, "connecting the playback stream")
    }

    private static func from(_ userdata: UnsafeMutableRawPointer?) -> PulsePlayer {
        Unmanaged<PulsePlayer>.fromOpaque(userdata!).takeUnretainedValue()
    }

    /// The user data that makes callbacks find this player.
    private nonisolated var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private func cork(_ pausing: Bool) async throws(PlaybackError) {
        guard let connection, let stream, state == .playing || state == .paused else { throw .notPlaying }
        if pausing, heldPosition == nil { heldPosition = position() }
        try? await connection.complete(
            pa_stream_cork(stream, pausing ? 1 : 0, signalingSuccess, connection.userdata), "pausing playback")
        if !pausing { heldPosition = nil }
        state = pausing ? .paused : .playing
        publish()
    }

    private func move(by offset: Duration) async throws(PlaybackError) {
        guard let connection, let stream, state == .playing || state == .paused else { throw .notPlaying }
        let target = min(max(.zero, position() + offset), duration)
        // Drop what the server still holds, then go on from the new place.
        try? await connection.complete(pa_stream_flush(stream, signalingSuccess, connection.userdata), "seeking")
        sentBytes = bytes(at: target)
        isDraining = false
        if state == .paused { heldPosition = target }
        writable(pa_stream_writable_size(stream))
        publish(at: target)
    }

    /// Lets go of the stream, the server and the file.
    private func shutDown() {
        if let connection {
            PulseCapture.release(stream)
            stream = nil
            connection.close()
            self.connection = nil
        }
        descriptor?.close()
        descriptor = nil
        state = .stopped
    }

    // MARK: libpulse's callbacks, on the loop's thread

    private func writable(_ length: Int) {
        guard let stream, let descriptor, !isDraining, length > 0 else { return }
        let remaining = header.dataBytes - sentBytes
        let count = min(length, remaining) - min(length, remaining) % header.blockAlign
        if count > 0 {
            let buffer = (try? descriptor.read(at: Int64(header.dataOffset + sentBytes), upTo: count)) ?? []
            guard !buffer.isEmpty else { return }
            buffer.withUnsafeBytes {
                _ = pa_stream_write(stream, $0.baseAddress, $0.count, nil, 0, PA_SEEK_RELATIVE)
            }
            sentBytes += buffer.count
            // The first writes come while the stream is still opening: no progress until it plays, or a
            // listener would hear "stopped" at the start of every playback.
            if state != .stopped { publish() }
        }
        if sentBytes >= header.dataBytes {
            isDraining = true
            let drained: pa_stream_success_cb_t = { _, success, userdata in
                if success != 0 { PulsePlayer.from(userdata).assumeIsolated { $0.finished(as: .finished) } }
            }
            if let operation = pa_stream_drain(stream, drained, userdata) {
                pa_operation_unref(operation)
            }
        }
    }

    private func finished(as ending: PlaybackProgress.State) {
        guard state == .playing || state == .paused else { return }
        state = ending
        publish(at: ending == .finished ? duration : position())
        connection?.signal()
    }

    /// The audible position: what was sent, less what the server has not played yet.
    private func position() -> Duration {
        if let heldPosition { return heldPosition }
        guard let stream else { return .zero }
        var latency: pa_usec_t = 0
        var negative: Int32 = 0
        let sent = time(ofBytes: sentBytes)
        guard pa_stream_get_latency(stream, &latency, &negative) == 0, negative == 0 else { return sent }
        return max(.zero, sent - .microseconds(Int64(latency)))
    }

    private func publish(at position: Duration? = nil) {
        progressContinuation.yield(
            PlaybackProgress(state: state, position: position ?? self.position(), duration: duration))
    }
}
