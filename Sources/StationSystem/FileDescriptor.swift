#if canImport(Glibc)
    import Glibc
#endif

/// An open file, socket or pipe of this process: a typed wrapper around the C descriptor. Each method
/// names the C function it calls; a failure throws `Errno` (without the file's name, which a descriptor
/// does not know: `Errno.concerning(_:)` adds it). Reads and writes are retried when a signal interrupts them.
public struct FileDescriptor: RawRepresentable, Sendable, Hashable {
    public let rawValue: CInt

    public init(rawValue: CInt) { self.rawValue = rawValue }

    public static let standardInput = FileDescriptor(rawValue: STDIN_FILENO)
    public static let standardOutput = FileDescriptor(rawValue: STDOUT_FILENO)
    public static let standardError = FileDescriptor(rawValue: STDERR_FILENO)

    /// Closes the descriptor. The corresponding C function is `close`; its error is of no use (the
    /// descriptor is gone either way), so none is thrown.
    public func close() { _ = Glibc.close(rawValue) }

    /// Reads what is there, at most `count` bytes; empty at the end. The corresponding C function is `read`.
    public func read(upTo count: Int) throws(Errno) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let read = try valueOrErrno("read") {
            buffer.withUnsafeMutableBytes { Glibc.read(rawValue, $0.baseAddress, $0.count) }
        }
        return Array(buffer.prefix(read))
    }

    /// Reads at most `count` bytes at `offset`, not moving the position. The corresponding C function is `pread`.
    public func read(at offset: Int64, upTo count: Int) throws(Errno) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let read = try valueOrErrno("read") {
            buffer.withUnsafeMutableBytes { pread(rawValue, $0.baseAddress, $0.count, off_t(offset)) }
        }
        return Array(buffer.prefix(read))
    }

    /// Reads to the end.
    public func readToEnd() throws(Errno) -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            let chunk = try read(upTo: 65_536)
            if chunk.isEmpty { return bytes }
            bytes += chunk
        }
    }

    /// Writes every byte, as often as `write` takes to do so. The corresponding C function is `write`.
    public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        var written = 0
        while written < bytes.count {
            written += try valueOrErrno("write to") {
                Glibc.write(rawValue, bytes.baseAddress! + written, bytes.count - written)
            }
        }
    }

    /// Writes every byte of `bytes`.
    public func writeAll(_ bytes: [UInt8]) throws(Errno) {
        var written = 0
        while written < bytes.count {
            written += try valueOrErrno("write to") {
                bytes.withUnsafeBytes { Glibc.write(rawValue, $0.baseAddress! + written, $0.count - written) }
            }
        }
    }

    /// Writes the UTF-8 bytes of `text`.
    public func writeAll(_ text: String) throws(Errno) { try writeAll(Array(text.utf8)) }

    /// Writes every byte at `offset`, not moving the position. The corresponding C function is `pwrite`.
    public func writeAll(_ bytes: UnsafeRawBufferPointer, at offset: Int64) throws(Errno) {
        var written = 0
        while written < bytes.count {
            written += try valueOrErrno("write to") {
                pwrite(rawValue, bytes.baseAddress! + written, bytes.count - written, off_t(offset) + off_t(written))
            }
        }
    }

    /// Writes every byte of `bytes` at `offset`.
    public func writeAll(_ bytes: [UInt8], at offset: Int64) throws(Errno) {
        var written = 0
        while written < bytes.count {
            written += try valueOrErrno("write to") {
                bytes.withUnsafeBytes {
                    pwrite(rawValue, $0.baseAddress! + written, $0.count - written, off_t(offset) + off_t(written))
                }
            }
        }
    }

    /// Puts the position after the last byte and returns it. The corresponding C function is `lseek`.
    @discardableResult
    public func seekToEnd() throws(Errno) -> Int64 {
        Int64(try valueOrErrno("seek in") { lseek(rawValue, 0, SEEK_END) })
    }

    /// Cuts or extends the file to `size` bytes. The corresponding C function is `ftruncate`.
    public func resize(to size: Int64) throws(Errno) {
        try valueOrErrno("resize") { ftruncate(rawValue, off_t(size)) }
    }

    /// Waits until what was written is on the disk. The corresponding C function is `fsync`.
    public func sync() throws(Errno) {
        try valueOrErrno("save") { fsync(rawValue) }
    }

    /// What kind of file it is, its mode, owner and size. The corresponding C function is `fstat`.
    public func status() throws(Errno) -> FileStatus {
        var status = stat()
        try valueOrErrno("read the status of") { fstat(rawValue, &status) }
        return FileStatus(status)
    }

    /// Sets the permission bits (0600, 0700). The corresponding C function is `fchmod`.
    public func setPermissions(_ mode: mode_t) throws(Errno) {
        try valueOrErrno("change the permissions of") { fchmod(rawValue, mode) }
    }

    /// Waits until the descriptor is readable (or its other end is gone), at most `timeout` (forever when
    /// nil); false when the time ran out. The corresponding C function is `poll`.
    public func waitUntilReadable(timeout: Duration?) throws(Errno) -> Bool {
        var entry = pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0)
        let ready = try valueOrErrno("wait for") { poll(&entry, 1, Self.milliseconds(timeout)) }
        return ready > 0
    }

    /// A pipe: what is written to `write` is read from `read`. Both ends are closed in spawned children
    /// unless handed to them. The corresponding C function is `pipe2` (else `pipe`).
    public static func pipe() throws(Errno) -> (read: FileDescriptor, write: FileDescriptor) {
        var ends: [CInt] = [-1, -1]
        if let pipe2 = GlibcExtras.pipe2 {
            try valueOrErrno("make a pipe") { pipe2(&ends, O_CLOEXEC) }
        } else {
            try valueOrErrno("make a pipe") { Glibc.pipe(&ends) }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
    }

    /// A pair of connected local sockets, close-on-exec: a pipe whose writer gets EPIPE instead of a
    /// SIGPIPE that would end the whole process when the reader has gone. The corresponding C function is
    /// `socketpair`.
    public static func socketPair() throws(Errno) -> (FileDescriptor, FileDescriptor) {
        var ends: [CInt] = [-1, -1]
        try valueOrErrno("make a socket pair") {
            socketpair(AF_UNIX, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0, &ends)
        }
        return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
    }

    /// Sends every byte on a socket, without SIGPIPE when the peer has gone (MSG_NOSIGNAL: EPIPE instead).
    /// The corresponding C function is `send`.
    public func sendAll(_ bytes: [UInt8]) throws(Errno) {
        var sent = 0
        while sent < bytes.count {
            sent += try valueOrErrno("send to") {
                bytes[sent...].withUnsafeBytes { send(rawValue, $0.baseAddress, $0.count, CInt(MSG_NOSIGNAL)) }
            }
        }
    }

    /// A timeout in milliseconds as `poll` takes it: -1 for none, rounded up so a wait is never cut short.
    static func milliseconds(_ timeout: Duration?) -> CInt {
        guard let timeout else { return -1 }
        guard timeout > .zero else { return 0 }
        let parts = timeout.components
        let milliseconds = parts.seconds * 1000 + (parts.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return CInt(clamping: milliseconds)
    }
}
