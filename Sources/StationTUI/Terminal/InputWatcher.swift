import Foundation

/// Waits on a thread of its own, in `poll`, for standard input or a wake-up; tells the main loop that
/// keys are waiting and then waits for it to read them, so idle costs no CPU and curses stays on the
/// main thread.
final class InputWatcher: @unchecked Sendable {
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let readDone = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var stopping = false

    /// Calls `onInput` (from the watcher's thread) each time standard input becomes readable, and
    /// `onHangUp` once when the terminal is gone (a closed SSH connection or terminal window).
    init(onInput: @escaping @Sendable () -> Void, onHangUp: @escaping @Sendable () -> Void = {}) {
        var fds: [Int32] = [0, 0]
        _ = pipe(&fds)
        wakeRead = fds[0]
        wakeWrite = fds[1]
        let thread = Thread { [self] in self.watch(onInput, onHangUp: onHangUp) }
        thread.name = "dictation-station input"
        thread.start()
    }

    /// The main loop read what was waiting; watch again.
    func acknowledge() { readDone.signal() }

    func stop() {
        lock.withLock { stopping = true }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        readDone.signal()
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    private func watch(_ onInput: @Sendable () -> Void, onHangUp: @Sendable () -> Void) {
        while !isStopping {
            var fds = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if fds[1].revents != 0 || isStopping { break }
            if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                onInput()
                readDone.wait()
                // The terminal hung up. The kernel signals SIGHUP only to the terminal's foreground
                // group, which is the editor's while `E` runs: tell the station here as well.
                // (A hung-up terminal polls as readable too: POLLIN comes with POLLHUP, so look at HUP alone.)
                if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 {
                    onHangUp()
                    break
                }
            }
        }
        close(wakeRead)
        close(wakeWrite)
    }
}
