import Synchronization

/// One thread that lives as long as the process, for work whose effect is tied to the thread that did
/// it: the kernel sends a child's parent-death signal (`PR_SET_PDEATHSIG`) when the *thread* that
/// started it ends, and Swift's pool threads and `OwnThread`'s come and go. A child started here dies
/// with this process, not with a thread.
enum LastingThread {
    private static let jobs = Mutex<[@Sendable () -> Void]>([])
    private static let wakeups = Wakeups()
    private static let started: Bool = {
        OwnThread.start {
            ThreadName.set("spawner")
            while true {
                wakeups.wait()
                guard let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
                job()
            }
        }
        return true
    }()

    /// Runs `work` on the thread and returns its result; the caller waits (work here is short).
    static func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) -> Result {
        _ = started
        let done = Wakeups()
        let result = Mutex<Result?>(nil)
        jobs.withLock {
            $0.append {
                let value = work()
                result.withLock { $0 = value }
                done.post()
            }
        }
        wakeups.post()
        done.wait()
        return result.withLock { $0! }
    }
}
