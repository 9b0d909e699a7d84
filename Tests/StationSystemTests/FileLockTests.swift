import Foundation
import Glibc
import Testing

@testable import StationSystem

/// The lock as another process sees it: util-linux's `flock` command takes the same `flock(2)` lock.
@Suite("FileLock: one holder across processes, gone with its process")
struct FileLockTests {
    /// `flock FILE sleep` holding the lock in another process until stopped; returns once it holds it.
    static func holder(_ path: String, shared: Bool = false) throws -> ChildProcess {
        var spawn = Spawn("/usr/bin/flock", [shared ? "-s" : "-x", "-o", path, "-c", "echo held; exec sleep 60"])
        spawn.output = .capture
        // The lock is flock's own (-o: its command does not inherit the file); both end as a group.
        spawn.ownProcessGroup = true
        let child = try spawn.start()
        let line = try #require(child.output).read(upTo: 5)
        #expect(line == Array("held\n".utf8))
        return child
    }

    @Test("while another process holds the lock it is refused at once; when that process dies it is free")
    func otherProcess() throws {
        let folder = try TestFolder("lock")
        defer { folder.remove() }
        let path = folder.file("capture.lock")
        let lock = try FileLock(path: path)
        let holder = try Self.holder(path)
        #expect(try lock.tryLock() == false)
        _ = holder.stop(grace: .seconds(2))
        #expect(try lock.tryLock() == true, "the kernel dropped the dead holder's lock")
        #expect(try TestFolder.mode(path) == 0o600)

        // Now held here: the other process is refused.
        let other = try Spawn("/usr/bin/flock", ["-n", path, "true"]).run(deadline: .seconds(10))
        #expect(other.termination == .exited(1))
        lock.unlock()
        #expect(
            try Spawn("/usr/bin/flock", ["-n", path, "true"]).run(deadline: .seconds(10)).termination == .exited(0))
    }

    @Test("shared locks go together; an exclusive one waits for them")
    func shared() throws {
        let folder = try TestFolder("lock-shared")
        defer { folder.remove() }
        let path = folder.file("marker")
        let holder = try Self.holder(path, shared: true)
        let reader = try FileLock(path: path, creating: .never, access: .readOnly)
        #expect(try reader.tryLock(.shared) == true)
        reader.unlock()
        let writer = try FileLock(path: path)
        #expect(try writer.tryLock(.exclusive) == false)
        _ = holder.stop(grace: .seconds(2))
        try writer.lock(.exclusive)
        writer.close()
        writer.close()
    }
}
