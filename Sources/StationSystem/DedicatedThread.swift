/// A thread of its own for a loop that blocks in the kernel (a `poll(2)` over sockets), so that no
/// thread of Swift's small cooperative pool is held while it waits.
public enum DedicatedThread {
    /// Starts `work` on a new, detached thread (`pthread_create`).
    public static func start(_ work: @escaping @Sendable () -> Void) { OwnThread.start(work) }
}
