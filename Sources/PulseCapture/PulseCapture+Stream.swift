import CPulseAudio
import Foundation
import Localization
import Recordings
import StationCore

/// The record stream: opening it, taking its audio into the file, and hearing what the server says.
/// Everything here runs on the loop's thread: the actor's steps, and libpulse's callbacks.
extension PulseCapture {
    /// Why a capture ended without being stopped.
    enum Ending {
        case serverGone
        case sourceRemoved
    }

    func openStream(on connection: PulseConnection) async throws(PulseError) {
        var spec = Self.sampleSpec
        let properties = pa_proplist_new()
        defer { pa_proplist_free(properties) }
        pa_proplist_sets(properties, PA_PROP_MEDIA_ROLE, "production")
        pa_proplist_sets(properties, PA_PROP_MEDIA_NAME, "Dictation")
        guard let stream = pa_stream_new_with_proplist(connection.context, "Dictation", &spec, nil, properties) else {
            throw PulseError.last(of: connection.context, "creating the record stream")
        }
        self.stream = stream
        let me = userdata
        pa_stream_set_state_callback(
            stream, { _, userdata in PulseCapture.from(userdata).assumeIsolated { $0.streamStateChanged() } }, me)
        pa_stream_set_read_callback(
            stream, { _, _, userdata in PulseCapture.from(userdata).assumeIsolated { $0.streamReadable() } }, me)
        pa_stream_set_suspended_callback(
            stream, { _, userdata in PulseCapture.from(userdata).assumeIsolated { $0.streamSuspendedChanged() } }, me)
        pa_stream_set_moved_callback(
            stream, { _, userdata in PulseCapture.from(userdata).assumeIsolated { $0.streamMoved() } }, me)
        pa_stream_set_event_callback(
            stream,
            { _, name, _, userdata in
                let isCork = name.map { strcmp($0, ds_pa_event_request_cork()) == 0 } ?? false
                let isUncork = name.map { strcmp($0, ds_pa_event_request_uncork()) == 0 } ?? false
                PulseCapture.from(userdata).assumeIsolated { $0.serverRequested(cork: isCork, uncork: isUncork) }
            }, me)
        var attributes = pa_buffer_attr(
            maxlength: UInt32.max, tlength: UInt32.max, prebuf: UInt32.max, minreq: UInt32.max,
            fragsize: Self.fragmentBytes)
        let flags = pa_stream_flags_t(PA_STREAM_ADJUST_LATENCY.rawValue)
        guard pa_stream_connect_record(stream, sourceName, &attributes, flags) == 0 else {
            throw PulseError.last(of: connection.context, "connecting the record stream")
        }
        try await connection.waitUntilReady(stream, "connecting the record stream")
    }

    /// Disconnects the stream without calling back.
    func closeStream() {
        Self.release(stream)
        stream = nil
    }

    /// Disconnects `stream` (a recording's or a playback's) without calling back; on the loop's thread
    /// or with its lock. Clearing a callback that was never set does nothing, so one release serves both.
    static func release(_ stream: OpaquePointer?) {
        guard let stream else { return }
        pa_stream_set_state_callback(stream, nil, nil)
        pa_stream_set_read_callback(stream, nil, nil)
        pa_stream_set_write_callback(stream, nil, nil)
        pa_stream_set_suspended_callback(stream, nil, nil)
        pa_stream_set_moved_callback(stream, nil, nil)
        pa_stream_set_event_callback(stream, nil, nil)
        pa_stream_disconnect(stream)
        pa_stream_unref(stream)
    }

    /// Notes that recording (re)starts now: the audio taken from here on is this segment's.
    func beginSegment() {
        segmentStart = ContinuousClock.now
        segmentStartWritten = wav?.dataBytes ?? 0
        awaitingSegmentAudio = true
    }

    /// The file keeps the clock's time: a segment of `t` seconds holds `t` seconds of audio.
    ///
    /// A source may first deliver nothing for a while (a null sink's monitor or module-sine-source
    /// wait out the 2 s block they were in when the stream connected); that stretch is written as the
    /// silence it was, as the server does for a hole in a stream, so the file matches the recorded time.
    private func fillLateStart(arrivedBytes: Int) {
        awaitingSegmentAudio = false
        let arrived = Duration.microseconds(Int64(arrivedBytes / 2) * 1_000_000 / Int64(AudioChunk.sampleRate))
        let missing = (ContinuousClock.now - arrived) - segmentStart
        guard missing > .milliseconds(10), missing < .seconds(10) else { return }
        let samples = Int(missing / .microseconds(1) * Double(AudioChunk.sampleRate) / 1_000_000)
        write([Int16](repeating: 0, count: samples), measured: false)
    }

    /// Takes in the audio recorded up to now that the server still holds, so the last words before a
    /// pause or stop reach the file; audio from after this moment is not written.
    ///
    /// The end is measured on the clock, so a segment of `t` seconds holds `t` seconds of audio:
    /// sources deliver late (a monitor lags by its blocks) or early (module-sine-source renders 2 s
    /// ahead), so counting what arrived would be wrong either way. The wait is bounded by the latency.
    func drainPending(on connection: PulseConnection) async {
        guard let stream, phase == .recording else { return }
        let elapsed = ContinuousClock.now - segmentStart
        let samples = Int(elapsed / .microseconds(1) * Double(AudioChunk.sampleRate) / 1_000_000)
        let target = segmentStartWritten + samples * 2
        phase = .draining(untilWritten: target)
        var latency: pa_usec_t = 0
        var negative: Int32 = 0
        try? await connection.complete(
            pa_stream_update_timing_info(stream, signalingSuccess, connection.userdata), "measuring latency")
        if pa_stream_get_latency(stream, &latency, &negative) != 0 || negative != 0 { latency = 0 }
        // Sources that cannot lower their latency deliver in blocks of up to 2 s (PulseAudio's default
        // maximum); the wait ends as soon as the audio is in, so a good source never waits this long.
        let limit = Duration.microseconds(Int64(min(max(latency, 2_000_000), 5_000_000))) + .milliseconds(500)
        _ = await connection.until(limit: limit) {
            self.written >= target || self.writeFailure != nil || self.phase == .ended
                || self.connection?.isReady != true
        }
        if written < target {
            log.log(.warning, "capture: \((target - written) / 32) ms of audio did not arrive by pause or stop")
        }
        // A source that renders ahead delivered audio from after this moment: it is not the dictation's.
        if let wav, writeFailure == nil, wav.dataBytes > target {
            do throws(WAVError) { try wav.truncate(toDataBytes: target) } catch { writeFailure = error }
        }
    }

    /// The audio bytes in the file.
    private var written: Int { wav?.dataBytes ?? 0 }

    /// Drops what the client library still holds (audio from after the pause point).
    func discardReadable() {
        guard let stream else { return }
        while pa_stream_readable_size(stream) > 0 {
            var data: UnsafeRawPointer?
            var length = 0
            guard pa_stream_peek(stream, &data, &length) == 0, length > 0 else { break }
            pa_stream_drop(stream)
        }
    }

    private func streamReadable() {
        guard let stream else { return }
        while pa_stream_readable_size(stream) > 0 {
            var data: UnsafeRawPointer?
            var length = 0
            guard pa_stream_peek(stream, &data, &length) == 0, length > 0 else { break }
            take(data.map { UnsafeRawBufferPointer(start: $0, count: length) }, length: length)
            pa_stream_drop(stream)
        }
        connection?.signal()
    }

    /// Writes the part of a fragment the phase wants; a hole (no data) becomes silence, keeping time.
    private func take(_ bytes: UnsafeRawBufferPointer?, length: Int) {
        if awaitingSegmentAudio, phase == .recording { fillLateStart(arrivedBytes: length) }
        var keep: Int
        switch phase {
        case .recording: keep = length
        case .draining(let until): keep = max(0, min(length, until - written))
        case .idle, .paused, .ended: keep = 0
        }
        keep -= keep % 2
        guard keep > 0 else { return }
        var samples = [Int16](repeating: 0, count: keep / 2)
        if let bytes {
            samples.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[0..<keep])) }
        }
        write(samples)
    }

    /// Appends to the file and publishes the frames, and the levels of what was `measured` (heard).
    private func write(_ samples: [Int16], measured: Bool = true) {
        guard let wav, writeFailure == nil, !samples.isEmpty else { return }
        // The chunk's place in the file: after an append or a truncation the feed tells the decoder.
        let position = wav.dataBytes / 2
        do throws(WAVError) {
            try wav.append(samples: samples)
            if wav.dataBytes - headerWrittenAt >= Self.headerInterval { writeHeader() }
        } catch {
            failWriting(error)
            return
        }
        framesContinuation.yield(AudioChunk(samples: samples, position: position))
        guard measured else { return }
        for level in meter.add(samples) { levelsContinuation.yield(level) }
    }

    func writeHeader() {
        guard let wav, writeFailure == nil else { return }
        do throws(WAVError) {
            try wav.updateHeader()
            headerWrittenAt = wav.dataBytes
        } catch {
            failWriting(error)
        }
    }

    /// The file cannot take more (a full disk, a removed drive): keep what it holds, stop writing, and
    /// tell the session at once rather than at the next pause.
    private func failWriting(_ error: WAVError) {
        guard writeFailure == nil else { return }
        writeFailure = error
        log.log(.error, "capture: \(error)")
        eventsContinuation.yield(.writeFailed(detail: error.description))
    }

    private func streamStateChanged() {
        guard let stream else { return }
        let state = pa_stream_get_state(stream)
        if state == PA_STREAM_FAILED || state == PA_STREAM_TERMINATED, phase != .idle {
            // The server going away also fails the stream; that is reported once, as server gone.
            if connection?.isReady == true { end(.sourceRemoved) }
        }
        connection?.signal()
    }

    /// The capture is over without a stop: keep the file valid and say why.
    func end(_ ending: Ending) {
        guard phase != .ended, phase != .idle else {
            connection?.signal()
            return
        }
        phase = .ended
        writeHeader()
        // Either way the capture is spent: the session pauses and keeps what was recorded.
        switch ending {
        case .serverGone:
            log.log(.warning, "capture: the audio server went away")
            eventsContinuation.yield(.serverGone)
        case .sourceRemoved:
            log.log(.warning, "capture: the record stream was ended by the server")
            eventsContinuation.yield(.sourceLost)
        }
        connection?.signal()
    }

    private func streamSuspendedChanged() {
        guard let stream else { return }
        if pa_stream_is_suspended(stream) == 1 {
            eventsContinuation.yield(.sourceChanged(tr("The microphone was suspended by the audio server.")))
        } else {
            eventsContinuation.yield(.sourceChanged(tr("The microphone is available again.")))
        }
    }

    private func streamMoved() {
        guard let stream, let name = pa_stream_get_device_name(stream) else { return }
        eventsContinuation.yield(.sourceChanged(tr("Recording now from \(String(cString: name)).")))
    }

    /// The server's cork and uncork requests (another stream, a phone call, takes precedence).
    private func serverRequested(cork: Bool, uncork: Bool) {
        if cork {
            updateInterruption { $0.serverRequestedCork = true }
        } else if uncork {
            updateInterruption { $0.serverRequestedCork = false }
        }
    }
}
