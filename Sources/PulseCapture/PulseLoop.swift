import CPulseAudio
import Synchronization

/// libpulse's threaded mainloop as a serial executor: an actor on it runs on the mainloop's own thread,
/// with the mainloop lock held, exactly as libpulse's callbacks do. The context and the streams are then
/// only ever touched on that thread, and the actor's state needs no lock of its own.
///
/// Jobs wait in a queue; a defer event of the mainloop, enabled while jobs wait, runs them between the
/// server's callbacks. The thread ends when the loop is released.
///
/// The mainloop is made when the loop is first used, not with the loop: the station makes its player
/// while it starts, and libpulse (loaded on first use) should not be loaded before the first frame.
final class PulseLoop: SerialExecutor {
    private struct State {
        let name: String
        var mainloop: OpaquePointer?
        var wakeUp: OpaquePointer?
        var jobs: [UnownedJob] = []
    }

    /// The mainloop pointer never changes once made; the queue is shared with whoever enqueues.
    private let state: Mutex<State>

    init(name: String) {
        state = Mutex(State(name: name))
    }

    /// Makes and starts the mainloop, on the first use of the loop.
    private func start(_ state: inout State) -> OpaquePointer {
        guard let mainloop = pa_threaded_mainloop_new() else { fatalError("libpulse could not make a mainloop") }
        state.mainloop = mainloop
        // The thread is not running yet: the mainloop can be set up without its lock.
        pa_threaded_mainloop_set_name(mainloop, state.name)
        let api = pa_threaded_mainloop_get_api(mainloop)!
        state.wakeUp = api.pointee.defer_new(
            api,
            { _, _, userdata in
                // Held while its jobs run: a job may drop the last other reference to the loop.
                let loop = Unmanaged<PulseLoop>.fromOpaque(userdata!).takeUnretainedValue()
                withExtendedLifetime(loop) { loop.runJobs() }
            }, Unmanaged.passUnretained(self).toOpaque())
        api.pointee.defer_enable(state.wakeUp, 0)
        pa_threaded_mainloop_start(mainloop)
        return mainloop
    }

    deinit {
        // Never used: there is no mainloop to stop.
        guard state.withLock({ $0.mainloop }) != nil else { return }
        locked { api.pointee.defer_free(state.withLock { $0.wakeUp }) }
        let owner = MainloopOwner(state.withLock { $0.mainloop! })
        if isOnLoopThread {
            // Released by a job on its own thread, which cannot stop itself: another thread joins it.
            Task.detached { owner.stopAndFree() }
        } else {
            owner.stopAndFree()
        }
    }

    var mainloop: OpaquePointer {
        state.withLock { state in
            if let mainloop = state.mainloop { return mainloop }
            return start(&state)
        }
    }
    var api: UnsafeMutablePointer<pa_mainloop_api> { pa_threaded_mainloop_get_api(mainloop)! }
    var isOnLoopThread: Bool { pa_threaded_mainloop_in_thread(mainloop) != 0 }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.jobs.append(job) }
        // Never under the queue's mutex: the loop thread holds the mainloop lock when it takes the queue.
        locked { api.pointee.defer_enable(state.withLock { $0.wakeUp }, 1) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// libpulse's callbacks run on the loop thread too: there they may use the actor's state.
    func checkIsolated() {
        precondition(isOnLoopThread, "libpulse state touched off its mainloop thread")
    }

    /// Runs `body` holding the mainloop lock: on the loop thread it is held already (jobs and callbacks
    /// run with it), elsewhere it is taken.
    func locked<T>(_ body: () -> T) -> T {
        let mainloop = self.mainloop
        if pa_threaded_mainloop_in_thread(mainloop) != 0 { return body() }
        pa_threaded_mainloop_lock(mainloop)
        defer { pa_threaded_mainloop_unlock(mainloop) }
        return body()
    }

    /// `locked` for a deinit: a loop never started has no thread to keep out, and is not started for it
    /// (its libpulse may be missing).
    func lockedIfStarted(_ body: () -> Void) {
        guard state.withLock({ $0.mainloop }) != nil else { return body() }
        locked(body)
    }

    /// Blocks the calling thread (never the loop's) until `done` holds; `wakeBlocked()` has it look again.
    func block(until done: () -> Bool) {
        locked {
            while !done() { pa_threaded_mainloop_wait(mainloop) }
        }
    }

    /// Wakes the threads in `block(until:)`; on the loop thread.
    func wakeBlocked() { pa_threaded_mainloop_signal(mainloop, 0) }

    /// Runs the jobs waiting now; those they enqueue run in the next round, after the server's callbacks.
    private func runJobs() {
        let jobs = state.withLock { state -> [UnownedJob] in
            let jobs = state.jobs
            state.jobs = []
            return jobs
        }
        // The mainloop lock is held here, so no enqueue can enable the event between taking and disabling.
        api.pointee.defer_enable(state.withLock { $0.wakeUp }, 0)
        for job in jobs { job.runSynchronously(on: asUnownedSerialExecutor()) }
    }
}

/// Stops and frees a mainloop from a thread other than its own.
private final class MainloopOwner: Sendable {
    private let mainloop: Mutex<OpaquePointer>
    init(_ mainloop: sending OpaquePointer) { self.mainloop = Mutex(mainloop) }

    func stopAndFree() {
        let mainloop = self.mainloop.withLock { $0 }
        pa_threaded_mainloop_stop(mainloop)
        pa_threaded_mainloop_free(mainloop)
    }
}
