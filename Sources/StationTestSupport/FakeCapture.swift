import Foundation
import StationCore

/// A capture that records its calls in order, can be told to fail, and emits what a test gives it.
public final class FakeCapture: Capturing, Sendable {
    public enum Call: String, Sendable { case start, pause, resume, stop, move }

    public let log: CallLog
    public let events: AsyncStream<CaptureEvent>
    public let levels: AsyncStream<AudioLevel>
    public let frames: AsyncStream<AudioChunk>
    private let eventsContinuation: AsyncStream<CaptureEvent>.Continuation
    private let levelsContinuation: AsyncStream<AudioLevel>.Continuation
    private let framesContinuation: AsyncStream<AudioChunk>.Continuation
    private let failures = Locked<[Call: any Error]>([:])
    private let file = Locked<URL?>(nil)
    /// Each call yields up to this many times first, so unserialized calls would interleave.
    private let jitter: Int

    public init(log: CallLog = CallLog(), jitter: Int = 0) {
        self.log = log
        self.jitter = jitter
        (events, eventsContinuation) = AsyncStream.makeStream()
        (levels, levelsContinuation) = AsyncStream.makeStream()
        (frames, framesContinuation) = AsyncStream.makeStream()
    }

    /// Makes the next `call` throw `error`.
    public func fail(_ call: Call, with error: any Error) {
        failures.withLock { $0[call] = error }
    }

    public func emit(_ event: CaptureEvent) { eventsContinuation.yield(event) }
    public func emit(_ level: AudioLevel) { levelsContinuation.yield(level) }
    public func emit(_ chunk: AudioChunk) { framesContinuation.yield(chunk) }

    public func start(recordingTo file: URL, appending: Bool) async throws {
        try await perform(.start, detail: "\(file.lastPathComponent)\(appending ? " appending" : "")")
        self.file.withLock { $0 = file }
    }

    public func pause() async throws { try await perform(.pause) }
    public func resume() async throws { try await perform(.resume) }
    public func move(toSource source: String) async throws { try await perform(.move, detail: source) }

    public func stop() async throws -> URL {
        try await perform(.stop)
        eventsContinuation.finish()
        levelsContinuation.finish()
        framesContinuation.finish()
        return file.current ?? URL(fileURLWithPath: "/nonexistent.wav")
    }

    private func perform(_ call: Call, detail: String? = nil) async throws {
        for _ in 0..<Int.random(in: 0...max(0, jitter)) { await Task.yield() }
        log.record(detail.map { "\(call.rawValue) \($0)" } ?? call.rawValue)
        if let error = failures.withLock({ $0.removeValue(forKey: call) }) { throw error }
    }
}
