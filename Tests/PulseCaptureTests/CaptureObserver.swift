import Foundation
import PulseCapture
import StationCore
import StationTestSupport

/// Listens to a capture's streams the way the session does, and keeps what they said.
final class CaptureObserver: Sendable {
    let samples = Locked(0)
    let levels = Locked<[AudioLevel]>([])
    let events = Locked<[CaptureEvent]>([])
    private let tasks: Locked<[Task<Void, Never>]> = Locked([])

    init(_ capture: PulseCapture) {
        let samples = samples
        let levels = levels
        let events = events
        tasks.withLock {
            $0 = [
                Task { for await chunk in capture.frames { samples.withLock { $0 += chunk.samples.count } } },
                Task { for await level in capture.levels { levels.withLock { $0.append(level) } } },
                Task { for await event in capture.events { events.withLock { $0.append(event) } } },
            ]
        }
    }

    /// Waits until audio flows (a null sink's monitor starts late, up to its 2 s block).
    func waitForAudio(timeout: Duration = .seconds(5)) async throws {
        let start = samples.current
        let deadline = ContinuousClock.now + timeout
        while samples.current < start + 1_600 {
            guard ContinuousClock.now < deadline else { throw TestFailure("no audio arrived from the source") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits until `event` has been seen.
    func waitFor(_ event: CaptureEvent, timeout: Duration = .seconds(5)) async -> Bool {
        await waitFor(timeout: timeout) { $0 == event }
    }

    /// Waits until an event matching `matches` has been seen.
    func waitFor(timeout: Duration = .seconds(5), _ matches: (CaptureEvent) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !events.current.contains(where: matches) {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    /// Waits until the capture's streams have ended (after stop) and everything in them was seen.
    func drain() async {
        for task in tasks.current { await task.value }
    }

    deinit { for task in tasks.current { task.cancel() } }
}
