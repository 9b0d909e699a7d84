import Foundation
import StationSystem

/// Waits on a thread of its own, in `poll`, for standard input or a wake-up; tells the main loop that
/// keys are waiting and then waits for it to read them, so idle costs no CPU and curses stays on the
/// main thread.
final class InputWatcher: @unchecked Sendable {
    private let wake: (read: FileDescriptor, write: FileDescriptor)?
    private let readDone = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var stopping = false

    /// Calls `onInput` (from the watcher's thread) each time standard input becomes readable, and
    /// `onHangUp` once when the terminal is gone (a closed SSH connection or terminal window).
    init(onInput: @escaping @Sendable () -> Void, onHangUp: @escaping @Sendable () -> Void = {}) {
        wake = try? FileDescriptor.pipe()
        let thread = Thread { [self] in self.watch(onInput, onHangUp: onHangUp) }
        thread.name = "dictation-station input"
        thread.start()
    }

    /// The main loop read what was waiting; watch again.
    func acknowledge() { readDone.signal() }

    func stop() {
        lock.withLock { stopping = true }
        try? wake?.write.writeAll([1])
        readDone.signal()
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    private func watch(_ onInput: @Sendable () -> Void, onHangUp: @Sendable () -> Void) {
        while !isStopping {
            var fds = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake?.read.rawValue ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            guard (try? valueOrErrno("wait for", { poll(&fds, 2, -1) })) != nil else { break }
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
        wake?.read.close()
        wake?.write.close()
    }
}
