import Foundation
import StationCore
import StationTestSupport
import Testing

/// A capture lock another process may hold, counting acquisitions like the real one.
private final class FakeCaptureLock: CaptureLocking, @unchecked Sendable {
    let heldElsewhere = Locked(false)
    let holders = Locked(0)

    func acquire() throws -> Bool {
        guard !heldElsewhere.current else { return false }
        holders.withLock { $0 += 1 }
        return true
    }

    func release() { holders.withLock { $0 = max(0, $0 - 1) } }
}

@Suite("Exclusive capture")
struct ExclusiveCaptureTests {
    private let file = URL(fileURLWithPath: "/audio/a.wav")

    @Test("holds the lock from start to pause and from resume to stop")
    func holdsWhileCapturing() async throws {
        let lock = FakeCaptureLock()
        let inner = FakeCapture()
        let capture = ExclusiveCapture(inner, lock: lock)
        try await capture.start(recordingTo: file, appending: false)
        #expect(lock.holders.current == 1)
        try await capture.pause()
        #expect(lock.holders.current == 0)
        try await capture.resume()
        #expect(lock.holders.current == 1)
        #expect(try await capture.stop() == file)
        #expect(lock.holders.current == 0)
        #expect(inner.log.calls == ["start a.wav", "pause", "resume", "stop"])
    }

    @Test("refuses to start or resume while another process holds the lock, without touching the capture")
    func refusesWhenHeldElsewhere() async throws {
        let lock = FakeCaptureLock()
        lock.heldElsewhere.withLock { $0 = true }
        let inner = FakeCapture()
        let capture = ExclusiveCapture(inner, lock: lock)
        await #expect(throws: CaptureError.recordingElsewhere) {
            try await capture.start(recordingTo: file, appending: false)
        }
        #expect(inner.log.calls.isEmpty)

        lock.heldElsewhere.withLock { $0 = false }
        try await capture.start(recordingTo: file, appending: false)
        try await capture.pause()
        lock.heldElsewhere.withLock { $0 = true }
        await #expect(throws: CaptureError.recordingElsewhere) { try await capture.resume() }
        #expect(inner.log.calls == ["start a.wav", "pause"])
    }

    @Test("a failed start gives the lock back")
    func failedStartReleases() async throws {
        let lock = FakeCaptureLock()
        let inner = FakeCapture()
        inner.fail(.start, with: CaptureError.serverUnreachable(detail: "no server"))
        let capture = ExclusiveCapture(inner, lock: lock)
        await #expect(throws: CaptureError.serverUnreachable(detail: "no server")) {
            try await capture.start(recordingTo: file, appending: false)
        }
        #expect(lock.holders.current == 0)
    }

    @Test("a stop after a failed pause gives the lock back once")
    func stopAfterFailedPause() async throws {
        let lock = FakeCaptureLock()
        let inner = FakeCapture()
        let capture = ExclusiveCapture(inner, lock: lock)
        try await capture.start(recordingTo: file, appending: false)
        inner.fail(.pause, with: CaptureError.streamFailed(detail: "gone"))
        await #expect(throws: CaptureError.streamFailed(detail: "gone")) { try await capture.pause() }
        #expect(lock.holders.current == 1, "the capture may still run, so the lock stays")
        _ = try await capture.stop()
        _ = try? await capture.stop()
        #expect(lock.holders.current == 0)
    }

    @Test("one session's pause does not free the lock another session of the same process holds")
    func twoCapturesOneProcess() async throws {
        let lock = FakeCaptureLock()
        let first = ExclusiveCapture(FakeCapture(), lock: lock)
        let second = ExclusiveCapture(FakeCapture(), lock: lock)
        try await first.start(recordingTo: file, appending: false)
        try await second.start(recordingTo: file, appending: false)
        try await first.pause()
        #expect(lock.holders.current == 1)
        try await second.pause()
        #expect(lock.holders.current == 0)
    }
}
