import CPulseAudio
import Foundation
import Recordings
import StationCore

/// Records one dictation from the audio server (PulseAudio, or PipeWire's PulseAudio server) into a
/// WAV file: 16 kHz, mono, 16-bit, written as it arrives.
///
/// libpulse's threaded mainloop delivers the audio and the server's events on its own thread; the
/// port's calls run one at a time on a private control queue, so nothing blocks the caller's thread.
/// State shared with the mainloop thread is guarded by the mainloop lock.
public final class PulseCapture: Capturing, @unchecked Sendable {
    public let events: AsyncStream<CaptureEvent>
    public let levels: AsyncStream<AudioLevel>
    public let frames: AsyncStream<AudioChunk>
    let eventsContinuation: AsyncStream<CaptureEvent>.Continuation
    let levelsContinuation: AsyncStream<AudioLevel>.Continuation
    let framesContinuation: AsyncStream<AudioChunk>.Continuation

    /// The source asked for, or nil for the server's default.
    public let sourceName: String?
    /// The server asked for, or nil for PULSE_SERVER or the default.
    public let server: String?
    let log: any StationLog
    private let control = DispatchQueue(label: "dictation-station.capture.control")

    /// What the capture does with audio that arrives.
    enum Phase: Equatable {
        case idle
        case recording
        /// Writing only until the file holds this many audio bytes, then nothing.
        case draining(untilWritten: Int)
        case paused
        /// Stopped, or the server or the stream went away.
        case ended
    }

    // Guarded by the mainloop lock once connected.
    var connection: PulseConnection?
    var stream: OpaquePointer?
    var wav: WAVFile?
    var phase = Phase.idle
    var headerWrittenAt = 0
    var writeFailure: WAVError?
    var meter = LevelMeter()
    var interruptions = InterruptionState()
    /// When the current stretch of recording began, and how much audio the file held then.
    var segmentStart = ContinuousClock.now
    var segmentStartWritten = 0
    var awaitingSegmentAudio = false
    private var file: URL?

    /// How often the header is rewritten while the file grows: every second of audio.
    static let headerInterval = 32_000
    static let sampleSpec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: 16_000, channels: 1)
    /// 20 ms fragments: the server sends audio as it comes rather than in 2-second lumps.
    static let fragmentBytes: UInt32 = 640

    public init(source: String? = nil, server: String? = nil, log: any StationLog = SilentLog()) {
        self.sourceName = source
        self.server = server
        self.log = log
        (events, eventsContinuation) = AsyncStream.makeStream()
        (levels, levelsContinuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(8))
        // A listener that falls behind (or none) must not make the capture hold the dictation in memory;
        // a minute of 20 ms chunks is far more than a live decoder lags.
        (frames, framesContinuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(3_000))
    }

    deinit {
        connection?.close()
    }

    public func start(recordingTo file: URL, appending: Bool) async throws {
        try await onControl { () throws(CaptureError) in try self.startRecording(to: file, appending: appending) }
    }

    public func pause() async throws {
        try await onControl { () throws(CaptureError) in try self.cork() }
    }

    public func resume() async throws {
        try await onControl { () throws(CaptureError) in try self.uncork() }
    }

    public func stop() async throws -> URL {
        try await onControl { () throws(CaptureError) in try self.finish() }
    }

    /// Runs a control step on the control queue, in call order.
    private func onControl<T: Sendable>(_ body: @escaping @Sendable () throws(CaptureError) -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            control.async {
                do throws(CaptureError) {
                    continuation.resume(returning: try body())
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    // MARK: Control steps, on the control queue

    private func startRecording(to file: URL, appending: Bool) throws(CaptureError) {
        guard connection == nil, phase == .idle else { throw .streamFailed(detail: "the capture was already started") }
        let connection: PulseConnection
        do {
            connection = try PulseConnection(server: server)
        } catch {
            throw error.captureError(server: server)
        }
        let wav: WAVFile
        do {
            wav = appending ? try .openForAppending(at: file) : try .create(at: file)
        } catch {
            connection.close()
            throw error.captureError
        }
        let failure = connection.locked { () -> CaptureError? in
            self.connection = connection
            self.wav = wav
            self.file = file
            headerWrittenAt = wav.dataBytes
            connection.onLost = { [unowned self] in self.end(.serverGone) }
            do throws(PulseError) {
                try openStream(on: connection)
            } catch {
                closeStream()
                return error.isNoSuchEntity
                    ? .noSuchSource(name: sourceName ?? "", available: (try? connection.sources())?.map(\.name) ?? [])
                    : error.captureError(server: server)
            }
            phase = .recording
            beginSegment()
            watchPhoneCalls(on: connection)
            return nil
        }
        guard let failure else { return }
        connection.close()
        self.connection = nil
        self.wav = nil
        try? wav.close()
        if !appending { try? FileManager.default.removeItem(at: file) }
        throw failure
    }

    private func cork() throws(CaptureError) {
        guard let connection else { throw .streamFailed(detail: "the capture was not started") }
        let failure = connection.locked { () -> WAVError? in
            defer { if phase != .ended { writeHeader() } }
            guard phase == .recording, let stream else { return writeFailure }
            drainPending(on: connection)
            try? connection.wait(for: pa_stream_cork(stream, 1, signalingSuccess, connection.userdata), "pausing")
            // What the server still held from before the pause must not reappear after it.
            try? connection.wait(for: pa_stream_flush(stream, signalingSuccess, connection.userdata), "flushing")
            discardReadable()
            if phase != .ended { phase = .paused }
            return writeFailure
        }
        if let failure { throw failure.captureError }
    }

    private func uncork() throws(CaptureError) {
        guard let connection else { throw .streamFailed(detail: "the capture was not started") }
        try connection.locked { () throws(CaptureError) in
            switch phase {
            case .recording: return
            case .paused: break
            default: throw .streamFailed(detail: "the capture has ended")
            }
            guard let stream else { throw .streamFailed(detail: "the stream is gone") }
            if let writeFailure { throw writeFailure.captureError }
            phase = .recording
            beginSegment()
            do throws(PulseError) {
                try connection.wait(for: pa_stream_cork(stream, 0, signalingSuccess, connection.userdata), "resuming")
            } catch {
                phase = .paused
                throw error.captureError(server: server)
            }
        }
    }

    private func finish() throws(CaptureError) -> URL {
        guard let file else { throw .streamFailed(detail: "the capture was never started") }
        if let connection {
            connection.locked {
                if phase == .recording { drainPending(on: connection) }
                phase = .ended
                closeStream()
            }
            connection.close()
            self.connection = nil
        }
        if let wav {
            self.wav = nil
            do throws(WAVError) {
                try wav.close()
            } catch {
                writeFailure = writeFailure ?? error
            }
        }
        eventsContinuation.finish()
        levelsContinuation.finish()
        framesContinuation.finish()
        if let writeFailure { throw writeFailure.captureError }
        return file
    }
}
