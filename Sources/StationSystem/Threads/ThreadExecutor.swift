import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A serial executor on one thread of its own, for an actor whose state a C library owns and whose
/// calls block (a decoder's tens of milliseconds, SQLite's waits for another process's lock): its jobs
/// run one at a time, in the order they came, on that thread — never on the caller's thread, and never
/// in the few threads of Swift's shared pool.
///
/// It is a task executor too, so `withTaskExecutorPreference(_:operation:)` runs work on the thread
/// before the actor exists (opening the database). The thread ends after `shutDown()`, once the jobs
/// already queued have run, so a released actor leaves no thread behind.
public final class ThreadExecutor: SerialExecutor, TaskExecutor {
    private let jobs = Mutex<[UnownedJob]>([])
    /// One wake-up per job queued, and one for `shutDown()`.
    private let wakeups = Wakeups()

    /// Starts the thread; `name` is what `ps -L` and a debugger show (15 bytes at most are kept).
    public init(name: String) {
        let starter = pthread_self()
        OwnThread.start { [self] in
            // OwnThread runs the work here when no thread can be made; the jobs would never let it return.
            precondition(pthread_equal(pthread_self(), starter) == 0, "no thread could be started for \(name)")
            ThreadName.set(name)
            runJobs()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        wakeups.post()
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    public func asUnownedTaskExecutor() -> UnownedTaskExecutor {
        UnownedTaskExecutor(ordinary: self)
    }

    /// Lets the thread end once the jobs already queued have run.
    public func shutDown() {
        wakeups.post()
    }

    private func runJobs() {
        while true {
            wakeups.wait()
            // Each job is queued before its wake-up is posted: an empty queue means shutDown's wake-up came
            // and every job queued so far has run.
            guard let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return }
            job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
        }
    }
}
