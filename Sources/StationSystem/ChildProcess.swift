import Localization
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// How a child process ended.
public enum Termination: Sendable, Equatable, CustomStringConvertible {
    /// It exited with this status.
    case exited(CInt)
    /// A signal ended it.
    case signalled(CInt)
    /// Something else collected it first (a SIGCHLD handler): how it ended is not known.
    case unknown

    init(waitStatus status: CInt) {
        self = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
    }

    public var succeeded: Bool { self == .exited(0) }

    /// The status as a shell gives it: the exit status, or 128 plus the signal.
    public var shellStatus: CInt {
        switch self {
        case .exited(let status): status
        case .signalled(let signal): 128 + signal
        case .unknown: -1
        }
    }

    public var description: String {
        switch self {
        case .exited(let status): tr("exit status \(status)")
        case .signalled(let signal): tr("signal \(signal)")
        case .unknown: tr("an unknown end")
        }
    }
}

/// A running child process (see `Spawn`), until it is waited for. Safe to signal from any thread: with a
/// pidfd the signal reaches this very process, never a later one that got its number.
public final class ChildProcess: Sendable {
    public let id: pid_t
    /// Where this process writes the child's standard input (`Spawn.Input.pipe`).
    public let input: FileDescriptor?
    /// Where this process reads the child's standard output or error (`Spawn.Output.capture`).
    public let output: FileDescriptor?
    public let errors: FileDescriptor?
    /// Readable once the child has ended (a pidfd); nil on a system without them, where waits poll.
    private let exitNotice: FileDescriptor?
    private let ownProcessGroup: Bool
    private let state = Mutex(State())

    private struct State {
        var termination: Termination?
        /// The descriptors above not closed yet.
        var open: Set<CInt> = []
    }

    init(
        id: pid_t, exitNotice: FileDescriptor?, input: FileDescriptor?, output: FileDescriptor?,
        errors: FileDescriptor?, ownProcessGroup: Bool
    ) {
        self.id = id
        self.exitNotice = exitNotice
        self.input = input
        self.output = output
        self.errors = errors
        self.ownProcessGroup = ownProcessGroup
        state.withLock { $0.open = Set([input, output, errors].compactMap { $0?.rawValue }) }
    }

    deinit {
        state.withLock { $0.open }.forEach { FileDescriptor(rawValue: $0).close() }
        exitNotice?.close()
    }

    /// Closes one of `input`, `output` or `errors` (once; again does nothing): closing `input` tells the
    /// child its input has ended.
    public func close(_ descriptor: FileDescriptor?) {
        guard let descriptor, state.withLock({ $0.open.remove(descriptor.rawValue) }) != nil else { return }
        descriptor.close()
    }

    /// How it ended, if it has (and is collected now). The corresponding C function is `waitpid` with WNOHANG.
    public var termination: Termination? {
        state.withLock { state in
            if let ended = state.termination { return ended }
            var status: CInt = 0
            do {
                guard try valueOrErrno("wait for", { waitpid(id, &status, WNOHANG) }) == id else { return nil }
                state.termination = Termination(waitStatus: status)
            } catch {
                state.termination = .unknown
            }
            return state.termination
        }
    }

    /// Waits for it to end, at most `timeout` (as long as it takes when nil); nil when it is still running.
    public func wait(timeout: Duration? = nil) -> Termination? {
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now + $0 }
        while true {
            if let ended = termination { return ended }
            let left = deadline.map { $0 - clock.now }
            if let left, left <= .zero { return nil }
            if let exitNotice {
                _ = try? exitNotice.waitUntilReadable(timeout: left)
            } else {
                Self.pause(min(left ?? .milliseconds(10), .milliseconds(10)))
            }
        }
    }

    /// Waits for it to end, telling `stopped` each time it stops instead (SIGTSTP, SIGTTIN: an editor that
    /// read the terminal too early). The corresponding C function is `waitpid` with WUNTRACED.
    public func waitReportingStops(_ stopped: () -> Void) -> Termination {
        while true {
            if let ended = state.withLock({ $0.termination }) { return ended }
            var status: CInt = 0
            do {
                try valueOrErrno("wait for") { waitpid(id, &status, WUNTRACED) }
            } catch {
                return state.withLock { $0.termination ?? .unknown }
            }
            if status & 0xff == 0x7f {
                stopped()
                continue
            }
            let ended = Termination(waitStatus: status)
            state.withLock { $0.termination = ended }
            return ended
        }
    }

    /// Sends `signal` to the child (and to its process group when it has its own), unless it has been
    /// collected already. The corresponding C functions are `pidfd_send_signal` and `kill`.
    public func signal(_ signal: CInt) {
        state.withLock { state in
            guard state.termination == nil else { return }
            if ownProcessGroup {
                _ = kill(-id, signal)
            } else if let exitNotice, let send = GlibcExtras.pidfdSendSignal {
                _ = send(exitNotice.rawValue, signal, nil, 0)
            } else {
                _ = kill(id, signal)
            }
        }
    }

    /// Asks the child to end (SIGTERM) and ends it (SIGKILL) when it has not within `grace`. Returns how it
    /// ended; nil when even then it did not within `giveUpAfter` (stuck in the kernel on a stalled
    /// mount): it is not waited for any longer.
    public func stop(grace: Duration, giveUpAfter: Duration = .seconds(5)) -> Termination? {
        signal(SIGTERM)
        if let ended = wait(timeout: grace) { return ended }
        signal(SIGKILL)
        return wait(timeout: giveUpAfter)
    }

    /// What a child did, once it has ended.
    public struct Finished: Sendable {
        /// How it ended; nil when it was stopped and still did not end (see `stop(grace:giveUpAfter:)`).
        public var termination: Termination?
        /// Whether it ran past its deadline and was stopped.
        public var timedOut: Bool
        /// What it wrote to standard output and error (captured ones only).
        public var output: [UInt8]
        public var errors: [UInt8]

        public var outputText: String { String(decoding: output, as: UTF8.self) }
        public var errorText: String { String(decoding: errors, as: UTF8.self) }
    }

    /// Writes `bytes` to the child's input and then closes it, collects its output and errors, and waits
    /// for it to end; after `deadline` it is stopped (`stop(grace:)`). Once it has ended, only what its
    /// pipes hold then is read: a process it left running (a tmux server) may keep them open for ever.
    /// The corresponding C function is `poll`.
    public func communicate(
        input bytes: [UInt8] = [], deadline: Duration? = nil, grace: Duration = .seconds(5)
    )
        -> Finished
    {
        let clock = ContinuousClock()
        let end = deadline.map { clock.now + $0 }
        var pending = bytes[...]
        var writing = isOpen(input) ? input : nil
        if pending.isEmpty {
            close(writing)
            writing = nil
        }
        var reading = [output, errors].map { isOpen($0) ? $0 : nil }
        var collected: [[UInt8]] = [[], []]
        var ended: Termination?
        var timedOut = false
        while true {
            if let done = termination {
                ended = done
                break
            }
            let left = end.map { $0 - clock.now }
            if let left, left <= .zero {
                timedOut = true
                ended = stop(grace: grace)
                break
            }
            var entries: [pollfd] = []
            if let writing { entries.append(pollfd(fd: writing.rawValue, events: Int16(POLLOUT), revents: 0)) }
            for case let reader? in reading {
                entries.append(pollfd(fd: reader.rawValue, events: Int16(POLLIN), revents: 0))
            }
            if let exitNotice { entries.append(pollfd(fd: exitNotice.rawValue, events: Int16(POLLIN), revents: 0)) }
            let wait = exitNotice == nil ? min(left ?? .milliseconds(10), .milliseconds(10)) : left
            _ = try? valueOrErrno("wait for") {
                poll(&entries, nfds_t(entries.count), FileDescriptor.milliseconds(wait))
            }
            for entry in entries where entry.revents != 0 {
                if let current = writing, entry.fd == current.rawValue {
                    let chunk = Array(pending.prefix(4096))
                    if entry.revents & Int16(POLLOUT) != 0, (try? current.sendAll(chunk)) != nil {
                        pending = pending.dropFirst(chunk.count)
                    } else {
                        pending = []
                    }
                    if pending.isEmpty {
                        close(current)
                        writing = nil
                    }
                }
                for index in reading.indices where reading[index]?.rawValue == entry.fd {
                    let chunk = (try? reading[index]!.read(upTo: 65_536)) ?? []
                    if chunk.isEmpty {
                        close(reading[index])
                        reading[index] = nil
                    }
                    collected[index] += chunk
                }
            }
        }
        for index in reading.indices {
            while let reader = reading[index], (try? reader.waitUntilReadable(timeout: .zero)) == true {
                let chunk = (try? reader.read(upTo: 65_536)) ?? []
                if chunk.isEmpty { break }
                collected[index] += chunk
            }
            close(reading[index])
        }
        close(writing)
        return Finished(termination: ended, timedOut: timedOut, output: collected[0], errors: collected[1])
    }

    private func isOpen(_ descriptor: FileDescriptor?) -> Bool {
        guard let descriptor else { return false }
        return state.withLock { $0.open.contains(descriptor.rawValue) }
    }

    private static func pause(_ duration: Duration) {
        let parts = duration.components
        var request = timespec(tv_sec: Int(parts.seconds), tv_nsec: Int(parts.attoseconds / 1_000_000_000))
        _ = nanosleep(&request, nil)
    }
}
