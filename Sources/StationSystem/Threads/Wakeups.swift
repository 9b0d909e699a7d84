#if canImport(Glibc)
    import Glibc
#endif

/// A count of wake-ups a thread sleeps on: `post()` adds one, `wait()` sleeps until there is one and
/// takes it. A POSIX semaphore (`sem_t`), shared by the threads of this process only.
// unchecked: a sem_t is made to be posted and waited on from any thread; its address never changes.
final class Wakeups: @unchecked Sendable {
    // sem_t must not move once made: it lives on the heap, not in this object's inline storage.
    private let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    init() {
        sem_init(semaphore, 0, 0)
    }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    /// Adds a wake-up, waking a thread that waits. The corresponding C function is `sem_post`.
    func post() {
        sem_post(semaphore)
    }

    /// Sleeps until there is a wake-up and takes it. The corresponding C function is `sem_wait`
    /// (tried again when a signal interrupts it).
    func wait() {
        while sem_wait(semaphore) != 0, errno == EINTR {}
    }
}
