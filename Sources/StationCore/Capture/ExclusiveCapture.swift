import Foundation
import Synchronization

/// A capture that holds the station-wide capture lock while it captures, so that a second station
/// process on the same workstation refuses to record instead of fighting over the microphone.
///
/// The lock is taken before `start` and `resume` and given up after `pause` and `stop`.
public final class ExclusiveCapture: Capturing, Sendable {
    private let inner: any Capturing
    private let lock: any CaptureLocking
    /// Whether this capture holds the lock now.
    private let holds = Mutex(false)

    public init(_ inner: any Capturing, lock: any CaptureLocking) {
        self.inner = inner
        self.lock = lock
    }

    public var events: AsyncStream<CaptureEvent> { inner.events }
    public var levels: AsyncStream<AudioLevel> { inner.levels }
    public var frames: AsyncStream<AudioChunk> { inner.frames }

    public func start(recordingTo file: URL, appending: Bool) async throws {
        try takeLock()
        do {
            try await inner.start(recordingTo: file, appending: appending)
        } catch {
            giveUpLock()
            throw error
        }
    }

    public func pause() async throws {
        // A failed pause leaves the capture running; the lock goes with the stop that follows.
        try await inner.pause()
        giveUpLock()
    }

    public func resume() async throws {
        try takeLock()
        do {
            try await inner.resume()
        } catch {
            giveUpLock()
            throw error
        }
    }

    public func move(toSource source: String) async throws { try await inner.move(toSource: source) }

    public func stop() async throws -> URL {
        defer { giveUpLock() }
        return try await inner.stop()
    }

    private func takeLock() throws {
        try holds.withLock { holds in
            guard !holds else { return }
            let acquired: Bool
            do {
                acquired = try lock.acquire()
            } catch {
                throw CaptureError.fileUnwritable(detail: "the capture lock could not be taken: \(error)")
            }
            guard acquired else { throw CaptureError.recordingElsewhere }
            holds = true
        }
    }

    private func giveUpLock() {
        holds.withLock { holds in
            guard holds else { return }
            holds = false
            lock.release()
        }
    }
}
