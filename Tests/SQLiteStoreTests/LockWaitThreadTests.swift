import Foundation
import StationTestSupport
import Testing

@testable import SQLiteStore

/// A write that waits for another connection's lock waits on the database's own thread.
@Suite("SQLite store: lock waits on the connection's thread")
struct LockWaitThreadTests {
    @Test("writes waiting for another connection's lock hold up neither their callers nor Swift's shared pool")
    func waitsOffThePool() async throws {
        let directory = TestDataDirectory()
        let holder = try await directory.open()
        // More waiting writers than the pool has threads: waiting there, they would leave it none.
        var writers: [StationDatabase] = []
        for _ in 0...ProcessInfo.processInfo.activeProcessorCount { writers.append(try await directory.open()) }
        try await holder.perform { try $0.execute("BEGIN IMMEDIATE") }
        let written = Locked(0)
        let writes = writers.enumerated().map { index, writer in
            Task {
                try await writer.setSetting("writer \(index)", "written")
                written.withLock { $0 += 1 }
            }
        }
        // While every writer waits in libsqlite3's busy handler, the pool still runs this and more tasks.
        let sums = await withTaskGroup(of: Int.self) { group in
            for part in 0..<8 { group.addTask { (0...part).reduce(0, +) } }
            return await group.reduce(0, +)
        }
        #expect(sums == 84)
        #expect(written.current == 0, "no write got past the held lock")
        try await holder.perform { try $0.execute("COMMIT") }
        for write in writes { try await write.value }
        #expect(written.current == writers.count)
        for index in writers.indices { #expect(try await holder.setting("writer \(index)") == "written") }
    }
}
