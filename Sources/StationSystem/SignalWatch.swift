#if canImport(Glibc)
    import Glibc
#endif

// unchecked: the one descriptor a signal handler may use, set before the handler is installed and only
// read by it; a handler can take no context, and `write` on it is all a handler may safely do.
nonisolated(unsafe) private var signalPipe: CInt = -1

/// Signals (Ctrl-C, SIGTERM) as calls of a handler instead of the end of the process: the signal's
/// handler only writes the signal's number into a pipe, and a thread of its own reads the pipe and
/// calls `handler`. One watch at a time; `cancel` puts the default actions back.
public final class SignalWatch: Sendable {
    private let signals: [CInt]
    private let pipe: (read: FileDescriptor, write: FileDescriptor)

    public init(_ signals: [CInt], handler: @escaping @Sendable (CInt) -> Void) throws(Errno) {
        self.signals = signals
        pipe = try FileDescriptor.pipe()
        signalPipe = pipe.write.rawValue
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipe, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        let read = pipe.read
        OwnThread.start {
            defer { read.close() }
            while let bytes = try? read.read(upTo: 16), !bytes.isEmpty {
                for byte in bytes {
                    // 0 is no signal: `cancel` asks the thread to leave.
                    if byte == 0 { return }
                    handler(CInt(byte))
                }
            }
        }
    }

    /// Puts the signals' default actions back and ends the watch's thread.
    public func cancel() {
        for number in signals { signal(number, SIG_DFL) }
        try? pipe.write.writeAll([0])
        pipe.write.close()
    }
}

/// Writing to a pipe or terminal whose reader went away.
public enum BrokenPipes {
    /// From now on a write to a pipe with no reader fails with EPIPE instead of ending the process with
    /// SIGPIPE: a station whose output nobody reads any more still keeps its dictations. The
    /// corresponding C function is `signal`.
    public static func ignore() { signal(SIGPIPE, SIG_IGN) }
}
