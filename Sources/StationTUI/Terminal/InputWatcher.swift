import Foundation
import StationSystem

/// Waits on a thread of its own, in `poll`, for standard input or a wake-up; tells the main loop that
/// keys are waiting and then waits for it to read them, so idle costs no CPU and curses stays on the
/// main thread.
///
/// The watcher and the main loop share nothing but a pipe: the main loop's answers (the keys were read;
/// stop) are bytes written into it, and only the watcher's thread reads them and keeps what follows from
/// them. With no state to guard there is no lock and no semaphore, and the watcher is plainly `Sendable`.
final class InputWatcher: Sendable {
    private let wake: (read: FileDescriptor, write: FileDescriptor)?

    /// What the main loop writes into the pipe.
    private enum Answer: UInt8 {
        case stop = 0
        case keysRead = 1
    }

    /// Calls `onInput` (from the watcher's thread) each time standard input becomes readable, and
    /// `onHangUp` once when the terminal is gone (a closed SSH connection or terminal window).
    init(onInput: @escaping @Sendable () -> Void, onHangUp: @escaping @Sendable () -> Void = {}) {
        wake = try? FileDescriptor.pipe()
        let thread = Thread { [self] in self.watch(onInput, onHangUp: onHangUp) }
        thread.name = "dictation-station input"
        thread.start()
    }

    /// The main loop read what was waiting; watch again.
    func acknowledge() { send(.keysRead) }

    func stop() { send(.stop) }

    private func send(_ answer: Answer) { try? wake?.write.writeAll([answer.rawValue]) }

    private func watch(_ onInput: @Sendable () -> Void, onHangUp: @Sendable () -> Void) {
        // Once told, the main loop reads the keys, or leaves them to `E`'s editor while it runs: standard
        // input is not watched again until it answers, so keys still waiting never wake the watcher twice.
        // (Without a pipe, which only a process out of descriptors lacks, it cannot answer: keep watching.)
        var waitingForRead = false
        var hungUp = false
        while true {
            var fds = [pollfd(fd: wake?.read.rawValue ?? -1, events: Int16(POLLIN), revents: 0)]
            if !waitingForRead { fds.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
            guard (try? valueOrErrno("wait for", { poll(&fds, nfds_t(fds.count), -1) })) != nil else { break }
            if fds[0].revents != 0 {
                guard let byte = try? wake?.read.read(upTo: 1).first, Answer(rawValue: byte) == .keysRead else {
                    break
                }
                waitingForRead = false
                // The terminal hung up. The kernel signals SIGHUP only to the terminal's foreground
                // group, which is the editor's while `E` runs: tell the station here as well, once it
                // has read the last keys.
                if hungUp {
                    onHangUp()
                    break
                }
                continue
            }
            guard fds.count > 1, fds[1].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { continue }
            // A hung-up terminal polls as readable too: POLLIN comes with POLLHUP, so look at HUP alone.
            hungUp = fds[1].revents & Int16(POLLHUP | POLLERR) != 0
            waitingForRead = wake != nil
            onInput()
            if hungUp, wake == nil {
                onHangUp()
                break
            }
        }
        wake?.read.close()
        wake?.write.close()
    }
}
