import Localization

#if canImport(Glibc)
    import Glibc
#endif

/// The few socket calls the control channel needs, with errors that say what failed.
public enum UnixSocket {
    public struct Failure: Error, CustomStringConvertible {
        public var call: String
        public var code: Int32
        public init(call: String, code: Int32) {
            self.call = call
            self.code = code
        }
        public var description: String { "\(call): \(Errno(code: code, action: call).reason)" }
    }

    /// Makes a `sockaddr_un` for a path; refuses paths too long for it.
    public static func address(_ path: String) throws -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            throw Failure(call: tr("socket path too long (\(path))"), code: ENAMETOOLONG)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }

    public static func makeSocket() throws -> Int32 {
        do {
            return try valueOrErrno("socket") { socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0) }
        } catch {
            throw Failure(call: "socket", code: error.code)
        }
    }

    /// Connects to a listening socket; throws when nothing listens there.
    public static func connect(to path: String) throws -> Int32 {
        let fd = try makeSocket()
        var address = try self.address(path)
        do {
            try valueOrErrno("connect") {
                withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                    }
                }
            }
        } catch {
            close(fd)
            throw Failure(call: "connect", code: error.code)
        }
        return fd
    }

    /// Makes reads and writes on `fd` give up after `seconds`.
    public static func setTimeout(_ fd: Int32, seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Reads up to the first line break, the end, or `limit` bytes, giving up (nil) once `seconds` have
    /// passed in all: a peer that sends one byte at a time cannot hold the reader longer than that.
    public static func readLine(_ fd: Int32, within seconds: Double, limit: Int = 4096) -> String? {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int64(seconds * 1000))
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 512)
        while data.count < limit {
            let remaining = deadline - clock.now
            guard remaining > .zero else { return nil }
            guard let readable = try? FileDescriptor(rawValue: fd).waitUntilReadable(timeout: remaining) else {
                return nil
            }
            if !readable { continue }
            let wanted = min(buffer.count, limit - data.count)
            guard let count = try? valueOrErrno("read", { read(fd, &buffer, wanted) }), count > 0 else { break }
            if let newline = buffer[..<count].firstIndex(of: 10) {
                return String(decoding: data + buffer[..<newline], as: UTF8.self)
            }
            data += buffer[..<count]
        }
        return data.isEmpty ? nil : String(decoding: data, as: UTF8.self)
    }

    /// Writes all of `text`; a peer that has gone away ends the write with EPIPE instead of raising
    /// SIGPIPE, which would end the whole station (MSG_NOSIGNAL).
    @discardableResult
    public static func writeAll(_ fd: Int32, _ text: String) -> Bool {
        (try? FileDescriptor(rawValue: fd).sendAll(Array(text.utf8))) != nil
    }

    /// Binds a socket at `path`, created 0600 (nobody else may connect, not even for a moment), and
    /// listens; a socket file left at the path is replaced.
    public static func listen(at path: String) throws -> FileDescriptor {
        unlink(path)
        let fd = try makeSocket()
        var address = try address(path)
        let previousMask = umask(0o177)
        let bound = Result { () throws(Errno) in
            try valueOrErrno("bind") {
                withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                    }
                }
            }
        }
        umask(previousMask)
        do throws(Errno) {
            _ = try bound.get()
            try valueOrErrno("listen") { Glibc.listen(fd, 32) }
        } catch {
            close(fd)
            throw Failure(call: "bind \(path)", code: error.code)
        }
        chmod(path, 0o600)
        return FileDescriptor(rawValue: fd)
    }

    /// The next client waiting on a listening socket, nil when accepting failed.
    public static func accept(_ listener: FileDescriptor) -> FileDescriptor? {
        (try? valueOrErrno("accept") { Glibc.accept(listener.rawValue, nil, nil) }).map(FileDescriptor.init)
    }

    /// Who is at the other end of a connected socket: its process and account, as the kernel recorded
    /// them when it connected (or, for a client, when the server began to listen), not as the peer
    /// claims. The corresponding C function is `getsockopt` with `SO_PEERCRED`.
    public struct Peer: Sendable, Equatable {
        public var pid: pid_t
        public var uid: uid_t
        public var gid: gid_t
    }

    /// The peer of `fd`; nil when the kernel cannot say (not a Unix socket).
    public static func peer(of fd: FileDescriptor) -> Peer? {
        // struct ucred {pid_t pid; uid_t uid; gid_t gid;}: Swift's Glibc module leaves it out (it needs
        // _GNU_SOURCE), so its three 32-bit fields are read into an array of the same layout.
        var fields: [UInt32] = [0, 0, 0]
        var length = socklen_t(MemoryLayout<UInt32>.size * 3)
        let result = fields.withUnsafeMutableBytes { raw in
            getsockopt(fd.rawValue, SOL_SOCKET, SO_PEERCRED, raw.baseAddress, &length)
        }
        guard result == 0, length == socklen_t(MemoryLayout<UInt32>.size * 3) else { return nil }
        return Peer(pid: pid_t(bitPattern: fields[0]), uid: uid_t(fields[1]), gid: gid_t(fields[2]))
    }

    /// Removes the socket file at `path`.
    public static func remove(at path: String) { unlink(path) }

    /// Another station listens at `path` already.
    public static func alreadyListening(_ path: String) -> Failure {
        Failure(call: tr("another station is already listening on \(path)"), code: EADDRINUSE)
    }

    /// Waits until one of `descriptors` can be read (or has closed), or `timeout` passed (nil: no
    /// limit); says which can. An interrupted wait says none.
    public static func poll(_ descriptors: [FileDescriptor], timeout: Duration?) -> [Bool] {
        var entries = descriptors.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
        let ready = Glibc.poll(&entries, nfds_t(entries.count), FileDescriptor.milliseconds(timeout))
        guard ready > 0 else { return Array(repeating: false, count: descriptors.count) }
        return entries.map { $0.revents != 0 }
    }
}
