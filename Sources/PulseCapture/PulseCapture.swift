import CPulseAudio
import Foundation
import Recordings
import StationCore

/// Records one dictation from the audio server (PulseAudio, or PipeWire's PulseAudio server) into a
/// WAV file: 16 kHz, mono, 16-bit, written as it arrives.
///
/// An actor on libpulse's threaded mainloop: its steps, and the callbacks that bring the audio and
/// the server's events, all run on the mainloop's thread, so the stream is only touched there. Waiting
/// for the server suspends a step without blocking any thread; the steps run one at a time.
public actor PulseCapture: Capturing {
    public nonisolated let events: AsyncStream<CaptureEvent>
    public nonisolated let levels: AsyncStream<AudioLevel>
    public nonisolated let frames: AsyncStream<AudioChunk>
    let eventsContinuation: AsyncStream<CaptureEvent>.Continuation
    let levelsContinuation: AsyncStream<AudioLevel>.Continuation
    let framesContinuation: AsyncStream<AudioChunk>.Continuation

    /// The source asked for, or nil for the server's default.
    public nonisolated let sourceName: String?
    /// The server asked for, or nil for PULSE_SERVER or the default.
    public nonisolated let server: String?
    let log: any StationLog
    nonisolated let loop = PulseLoop(name: "dictation-station.capture")
    public nonisolated var unownedExecutor: UnownedSerialExecutor { loop.asUnownedSerialExecutor() }
    let steps = OneStepAtATime()

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

    // unsafe: touched only on the loop's thread (steps and callbacks) and by `deinit` under the loop's
    // lock; nonisolated only so that the deinit may release them (see `deinit`).
    nonisolated(unsafe) var connection: PulseConnection?
    nonisolated(unsafe) var stream: OpaquePointer?
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

    // Not an `isolated deinit`: with one, the release build's optimizer of a module that drops a
    // PulseCapture (StationApp) loops on the deinit's isolation ("circular reference", Swift 6.x). A deinit
    // runs on whichever thread let go last, so it takes the loop's lock, as libpulse allows.
    deinit {
        // Dropped without a stop: the stream goes without calling back into a capture that is gone.
        let stream = self.stream
        loop.lockedIfStarted { Self.release(stream) }
        connection?.close()
    }

    public nonisolated func start(recordingTo file: URL, appending: Bool) async throws {
        try await step { capture async throws(CaptureError) in
            try await capture.startRecording(to: file, appending: appending)
        }
    }

    public nonisolated func pause() async throws {
        try await step { capture async throws(CaptureError) in try await capture.cork() }
    }

    public nonisolated func resume() async throws {
        try await step { capture async throws(CaptureError) in try await capture.uncork() }
    }

    public nonisolated func stop() async throws -> URL {
        return try await step { capture async throws(CaptureError) in try await capture.finish() }
    }

    /// Runs `body` on the loop's thread after the steps before it. It asks for libpulse first, before
    /// going to that thread, which libpulse makes.
    nonisolated func step<T: Sendable>(
        _ body: @Sendable (isolated PulseCapture) async throws(CaptureError) -> T
    ) async throws -> T {
        try PulseLibrary.requireForCapture()
        return try await inOrder(body)
    }

    private func inOrder<T: Sendable>(
        _ body: @Sendable (isolated PulseCapture) async throws(CaptureError) -> T
    ) async throws -> T {
        try await steps.run { () async throws(CaptureError) in try await body(self) }
    }

    /// The capture that a libpulse callback's user data names; callbacks run on the loop's thread.
    static func from(_ userdata: UnsafeMutableRawPointer?) -> PulseCapture {
        Unmanaged<PulseCapture>.fromOpaque(userdata!).takeUnretainedValue()
    }

    /// The user data that makes callbacks find this capture.
    nonisolated var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    // MARK: Control steps

    private func startRecording(to file: URL, appending: Bool) async throws(CaptureError) {
        guard connection == nil, phase == .idle else { throw .streamFailed(detail: "the capture was already started") }
        let connection: PulseConnection
        do {
            connection = try await PulseConnection.open(on: loop, server: server)
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
        self.connection = connection
        self.wav = wav
        self.file = file
        headerWrittenAt = wav.dataBytes
        connection.onLost = { [unowned self] in self.end(.serverGone) }
        let failure: CaptureError
        do throws(PulseError) {
            try await openStream(on: connection)
            phase = .recording
            beginSegment()
            watchPhoneCalls(on: connection)
            return
        } catch {
            closeStream()
            failure =
                error.isNoSuchEntity
                ? .noSuchSource(name: sourceName ?? "", available: (try? await connection.sources())?.map(\.name) ?? [])
                : error.captureError(server: server)
        }
        connection.close()
        self.connection = nil
        self.wav = nil
        try? wav.close()
        if !appending { try? FileManager.default.removeItem(at: file) }
        throw failure
    }

    private func cork() async throws(CaptureError) {
        guard let connection else { throw .streamFailed(detail: "the capture was not started") }
        defer { if phase != .ended { writeHeader() } }
        guard phase == .recording, let stream else {
            if let writeFailure { throw writeFailure.captureError }
            return
        }
        await drainPending(on: connection)
        try? await connection.complete(pa_stream_cork(stream, 1, signalingSuccess, connection.userdata), "pausing")
        // What the server still held from before the pause must not reappear after it.
        try? await connection.complete(pa_stream_flush(stream, signalingSuccess, connection.userdata), "flushing")
        discardReadable()
        if phase != .ended { phase = .paused }
        if let writeFailure { throw writeFailure.captureError }
    }

    private func uncork() async throws(CaptureError) {
        guard let connection else { throw .streamFailed(detail: "the capture was not started") }
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
            try await connection.complete(pa_stream_cork(stream, 0, signalingSuccess, connection.userdata), "resuming")
        } catch {
            phase = .paused
            throw error.captureError(server: server)
        }
    }

    private func finish() async throws(CaptureError) -> URL {
        guard let file else { throw .streamFailed(detail: "the capture was never started") }
        if let connection {
            if phase == .recording { await drainPending(on: connection) }
            phase = .ended
            closeStream()
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
