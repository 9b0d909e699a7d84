import Foundation
import StationCore
import Testing

@testable import PulseCapture

/// The executor under the capture and the player: libpulse's own thread, and steps one at a time.
@Suite("PulseLoop runs actors on libpulse's thread")
struct PulseLoopTests {
    @Test("an actor on a loop runs on the mainloop's own thread, where libpulse calls back")
    func actorRunsOnTheMainloopThread() async {
        let probe = LoopProbe()
        #expect(!probe.loop.isOnLoopThread, "the test itself is not on the loop's thread")
        #expect(await probe.isOnLoopThread())
        #expect(await probe.count(to: 100) == Array(1...100), "jobs run in the order they came")
    }

    @Test("a step that waits half-way keeps the next step out until it is done")
    func stepsRunOneAtATime() async throws {
        let steps = StepRecorder()
        let first = Task { await steps.first() }
        try await until { await steps.log.contains("first begins") }
        let second = Task { await steps.second() }
        try await until { await steps.hasQueuedOrRun("second") }
        await steps.letFirstEnd()
        await first.value
        await second.value
        #expect(await steps.log == ["first begins", "first ends", "second"])
    }

    @Test("a capture that is let go of leaves no thread behind")
    func releasedCaptureEndsItsThread() async throws {
        // Thread names are cut to 15 characters: "dictation-station.capture" is "dictation-stati".
        let before = threads(named: "dictation-stati")
        var capture: PulseCapture? = PulseCapture()
        // The loop starts its thread on first use (libpulse is loaded then, not at the station's start).
        await #expect(throws: CaptureError.self) { _ = try await capture?.stop() }
        // The thread names itself once it runs.
        try await until { threads(named: "dictation-stati") == before + 1 }
        capture = nil
        // The capture's deinit runs on its own thread, which another thread then stops and joins.
        try await until { threads(named: "dictation-stati") == before }
    }

    /// How many threads of this process have `name`.
    private func threads(named name: String) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter { task in
            let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
            return comm?.trimmingCharacters(in: .whitespacesAndNewlines) == name
        }.count
    }

    /// Waits for a state, not for a time; fails after a few seconds.
    private func until(_ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(5)
        while await !condition() {
            guard ContinuousClock.now < deadline else { throw LoopTestFailure() }
            await Task.yield()
        }
    }
}

private struct LoopTestFailure: Error {}

private actor LoopProbe {
    nonisolated let loop = PulseLoop(name: "test.loop")
    nonisolated var unownedExecutor: UnownedSerialExecutor { loop.asUnownedSerialExecutor() }
    private var counted: [Int] = []

    func isOnLoopThread() -> Bool { loop.isOnLoopThread }

    func count(to last: Int) async -> [Int] {
        for number in 1...last {
            await Task.yield()
            counted.append(number)
        }
        return counted
    }
}

private actor StepRecorder {
    nonisolated let loop = PulseLoop(name: "test.steps")
    nonisolated var unownedExecutor: UnownedSerialExecutor { loop.asUnownedSerialExecutor() }
    private let steps = OneStepAtATime()
    private var release: CheckedContinuation<Void, Never>?
    private(set) var log: [String] = []

    /// Whether a step waits for the first, or `name` ran already (as it would without the gate).
    func hasQueuedOrRun(_ name: String) -> Bool { steps.waitingCount == 1 || log.contains(name) }

    func first() async {
        await steps.run {
            log.append("first begins")
            await withCheckedContinuation { release = $0 }
            log.append("first ends")
        }
    }

    func second() async {
        await steps.run { log.append("second") }
    }

    func letFirstEnd() {
        release?.resume()
        release = nil
    }
}
