import Foundation
import Glibc
import Synchronization
import Testing

@testable import StationSystem

/// An actor whose jobs run on a `ThreadExecutor`, as the decoder and the database connection do.
private actor OnItsThread {
    nonisolated let executor = ThreadExecutor(name: "ds.test-thread")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    private(set) var calls: [Int] = []

    /// The thread this runs on, and its name.
    func whereAmI(_ call: Int) -> (thread: pthread_t, name: String) {
        calls.append(call)
        return (pthread_self(), threadName())
    }

    /// Holds the thread, as a blocking C call does, until `gate` opens.
    func block(until gate: Gate) -> pthread_t {
        gate.arrived()
        while !gate.isOpen { usleep(1_000) }
        return pthread_self()
    }

    deinit { executor.shutDown() }
}

/// This thread's name, by `pthread_getname_np(3)` (which Swift's Glibc module does not import).
private func threadName() -> String {
    typealias GetName = @convention(c) (pthread_t, UnsafeMutablePointer<CChar>, Int) -> CInt
    guard let address = dlsym(dlopen(nil, RTLD_NOW), "pthread_getname_np") else { return "?" }
    var name = [CChar](repeating: 0, count: 16)
    _ = unsafeBitCast(address, to: GetName.self)(pthread_self(), &name, name.count)
    return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// What ran where, in the order it ran.
private final class Runs: Sendable {
    private let runs = Mutex<[(call: Int, thread: pthread_t)]>([])
    var all: [(call: Int, thread: pthread_t)] { runs.withLock { $0 } }
    func ran(_ call: Int) { runs.withLock { $0.append((call, pthread_self())) } }
}

/// Holds the jobs that wait on it until it opens.
private final class Gate: Sendable {
    private let state = Mutex((arrived: 0, open: false))
    var arrivals: Int { state.withLock { $0.arrived } }
    var isOpen: Bool { state.withLock { $0.open } }
    func arrived() { state.withLock { $0.arrived += 1 } }
    func open() { state.withLock { $0.open = true } }
}

@Suite("ThreadExecutor: an actor's jobs on one thread of its own")
struct ThreadExecutorTests {
    @Test("jobs run in the order they were queued, all on one named thread that is not the caller's")
    func orderAndThread() async throws {
        let executor = ThreadExecutor(name: "ds.test-order")
        defer { executor.shutDown() }
        let runs = Runs()
        // Tasks preferring the executor are queued on it as they are made, so their order is the queue's.
        let tasks = (0..<50).map { call in Task(executorPreference: executor) { runs.ran(call) } }
        for task in tasks { await task.value }
        #expect(runs.all.map(\.call) == Array(0..<50))
        let threads = Set(runs.all.map { UInt($0.thread) })
        #expect(threads.count == 1)
        #expect(threads.first != UInt(pthread_self()))

        let actor = OnItsThread()
        let first = await actor.whereAmI(1)
        let second = await actor.whereAmI(2)
        #expect(pthread_equal(first.thread, second.thread) != 0)
        #expect(pthread_equal(first.thread, pthread_self()) == 0)
        #expect(first.name == "ds.test-thread", "the name is cut to the 15 bytes Linux keeps")
        #expect(await actor.calls == [1, 2])
    }

    @Test(
        "jobs that block their threads hold up neither their callers nor Swift's shared pool",
        .timeLimit(.minutes(1)))
    func blockingJobs() async throws {
        // More blocked actors than the pool has threads: run on the pool, they would leave it none.
        let actors = (0...ProcessInfo.processInfo.activeProcessorCount).map { _ in OnItsThread() }
        let gate = Gate()
        let blocked = actors.map { actor in Task { await actor.block(until: gate) } }
        while gate.arrivals < actors.count { await Task.yield() }
        // While the actors' threads are held, the caller and more tasks than the pool has threads go on.
        let sums = await withTaskGroup(of: Int.self) { group in
            for part in 0..<8 { group.addTask { (0...part).reduce(0, +) } }
            return await group.reduce(0, +)
        }
        #expect(sums == 84)
        #expect(!gate.isOpen)
        let queuedBehind = Task { await actors[0].whereAmI(3) }
        gate.open()
        let blockedOn = await blocked[0].value
        let next = await queuedBehind.value
        #expect(pthread_equal(blockedOn, next.thread) != 0, "the next job waited for the thread, then ran on it")
        #expect(await actors[0].calls == [3])
        for task in blocked { _ = await task.value }
    }

    @Test("after shutDown the thread ends once its queue is empty, and lets the executor go")
    func shutDownEndsTheThread() async throws {
        weak var released: ThreadExecutor?
        do {
            let executor = ThreadExecutor(name: "ds.test-end")
            released = executor
            await Task(executorPreference: executor) {}.value
            executor.shutDown()
        }
        var waited = 0
        while released != nil, waited < 5_000 {
            try await Task.sleep(for: .milliseconds(1))
            waited += 1
        }
        #expect(released == nil, "the thread held the executor until it ended")
    }
}
