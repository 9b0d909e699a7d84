#if canImport(Glibc)
    import Glibc
#endif

/// Runs blocking work (waiting for a child process, a `poll(2)` loop, a signal pipe) on a thread of its
/// own, so that no thread of Swift's small cooperative pool (two on this machine) is held while it waits.
public enum OwnThread {
    /// `work`'s result, computed on a new thread. The corresponding C function is `pthread_create`.
    public static func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            start { continuation.resume(returning: work()) }
        }
    }

    /// Starts `work` on a new, detached thread; on a system that refuses one, runs it here.
    public static func start(_ work: @escaping @Sendable () -> Void) {
        final class Work {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let context = Unmanaged.passRetained(Work(work)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
                return nil
            }, context)
        if started == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
        }
    }
}

extension ChildProcess {
    /// `communicate(input:deadline:grace:)`, waited for on a thread of its own.
    public func finished(
        input bytes: [UInt8] = [], deadline: Duration? = nil, grace: Duration = .seconds(5)
    ) async
        -> Finished
    {
        await OwnThread.run { self.communicate(input: bytes, deadline: deadline, grace: grace) }
    }

    /// Stops the child (`stop(grace:)`) from a thread of its own, not waiting here: for a cancellation
    /// handler, which must return at once.
    public func stopSoon(grace: Duration) {
        OwnThread.start { _ = self.stop(grace: grace) }
    }
}
