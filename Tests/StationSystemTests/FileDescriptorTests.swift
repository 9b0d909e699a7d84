import Glibc
import Testing

@testable import StationSystem

@Suite("FileDescriptor: the descriptor calls, retried and worded")
struct FileDescriptorTests {
    @Test("write, read at offsets, seek, resize, sync and status on a real file")
    func fileCalls() throws {
        let folder = try TestFolder("descriptor")
        defer { folder.remove() }
        let file = try PrivateFile.open(folder.file("data"), creating: .exclusively)
        defer { file.close() }
        try file.writeAll("hello world")
        #expect(try file.read(at: 6, upTo: 5) == Array("world".utf8))
        try file.writeAll(Array("HELLO".utf8), at: 0)
        #expect(try file.read(at: 0, upTo: 100) == Array("HELLO world".utf8))
        try file.resize(to: 5)
        #expect(try file.seekToEnd() == 5)
        try file.sync()
        let status = try file.status()
        #expect(status.size == 5)
        #expect(status.kind == .regular)
        #expect(status.owner == geteuid())
        #expect(status.permissions == 0o600)
        try file.setPermissions(0o640)
        #expect(try file.status().permissions == 0o640)
    }

    @Test("a pipe carries bytes to its end; a closed descriptor fails with its errno, not a crash")
    func pipeAndClosed() throws {
        let (read, write) = try FileDescriptor.pipe()
        #expect(fcntl(read.rawValue, F_GETFD) & FD_CLOEXEC != 0, "not inherited by children")
        try write.writeAll(Array(repeating: 7, count: 10_000))
        write.close()
        #expect(try read.readToEnd().count == 10_000)
        read.close()
        #expect(throws: Errno.self) { try read.read(upTo: 1) }
        do {
            _ = try read.read(upTo: 1)
        } catch {
            #expect(error.code == EBADF)
        }
    }

    @Test("waiting for input ends when it comes, or when the time is up")
    func readable() throws {
        let (read, write) = try FileDescriptor.pipe()
        defer {
            read.close()
            write.close()
        }
        #expect(try read.waitUntilReadable(timeout: .milliseconds(20)) == false)
        try write.writeAll("x")
        #expect(try read.waitUntilReadable(timeout: .seconds(5)) == true)
    }

    @Test("a socket pair's writer gets EPIPE, not SIGPIPE, once its reader is gone")
    func socketPair() throws {
        let (one, other) = try FileDescriptor.socketPair()
        other.close()
        do {
            try one.sendAll(Array(repeating: 1, count: 100_000))
            Issue.record("sending to a closed peer succeeded")
        } catch {
            #expect(error.code == EPIPE)
        }
        one.close()
    }
}
