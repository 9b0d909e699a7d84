import Foundation
import LocalClaims
import SQLiteStore
import StationCore
import StationTestSupport
import Testing

/// Several station processes on one data directory, as several SSH users on one workstation.
@Suite("SQLite store across processes", .serialized)
struct MultiProcessTests {
    private func allReports(_ database: StationDatabase) async throws -> [Report] {
        try await database.reports(search: nil, limit: 1_000_000, offset: 0)
    }

    @Test("two processes creating one database and writing 500 reports each at the same time: none lost, none failed")
    func concurrentWriters() async throws {
        let directory = TestDataDirectory()
        let dataDir = directory.paths.dataDirectory.path
        let first = try ProbeProcess(["write-on-go", dataDir, "500", "alpha"])
        let second = try ProbeProcess(["write-on-go", dataDir, "500", "beta"])
        #expect(await first.wait { $0 == ["ready"] })
        #expect(await second.wait { $0 == ["ready"] })
        // Both have opened (and raced to create) the database; now they write at once. One may wait
        // for the other's lock for a while: that is the busy timeout doing its job.
        first.send("go")
        second.send("go")
        #expect(await first.finish() == 0)
        #expect(await second.finish() == 0)
        let firstIDs = first.printed.dropFirst().compactMap { Int64($0) }
        let secondIDs = second.printed.dropFirst().compactMap { Int64($0) }
        #expect(firstIDs.count == 500)
        #expect(secondIDs.count == 500)
        let reports = try await allReports(try await directory.open())
        #expect(reports.count == 1_000)
        let printedIDs = Set(firstIDs + secondIDs)
        #expect(printedIDs == Set(reports.map(\.id)), "every id a writer was given is stored, and no other")
        for tag in ["alpha", "beta"] {
            let texts = Set(reports.filter { $0.sessionName == "\(tag) session" }.map(\.text))
            #expect(texts == Set((1...500).map { "\(tag) report \($0)" }))
        }
    }

    @Test("kill -9 during a burst of writes leaves a sound database holding every committed report")
    func killedWriter() async throws {
        let directory = TestDataDirectory()
        _ = try await directory.open()
        let writer = try ProbeProcess(["write", directory.paths.dataDirectory.path, "1000000", "burst"])
        #expect(await writer.wait { $0.count >= 300 }, "the writer got going")
        writer.kill()
        #expect(await writer.finish() == SIGKILL)
        let committed = writer.printed.compactMap { Int64($0) }
        #expect(committed.count >= 300)

        let database = try await directory.open()
        #expect(try await database.integrityCheck() == "ok")
        let stored = try await allReports(database)
        let storedIDs = Set(stored.map(\.id))
        #expect(Set(committed).isSubset(of: storedIDs), "every report the writer saw committed is there")
        #expect(stored.allSatisfy { $0.text.hasPrefix("burst report ") })
        // At most the one report whose commit finished but whose id was not printed yet is extra.
        #expect(storedIDs.count - committed.count <= 1)
        // And the database takes new reports.
        _ = try await database.add(sampleReport())
    }

    @Test("a process learns of another's new report at its next poll")
    func seesOtherProcessReports() async throws {
        let directory = TestDataDirectory()
        let database = try await directory.open()
        _ = try await database.add(sampleReport("mine"))
        #expect(try await database.hasChangedElsewhere() == false, "its own writes do not count")
        let writer = try ProbeProcess(["write", directory.paths.dataDirectory.path, "1", "other"])
        #expect(await writer.finish() == 0)
        #expect(try await database.hasChangedElsewhere() == true)
        #expect(try await database.hasChangedElsewhere() == false, "the change is reported once")
        let newest = try await database.reports(search: nil, limit: 10, offset: 0).map(\.text)
        #expect(newest.contains("other report 1"))
    }

    @Test("the change watcher tells a screen of another process's new report")
    func watcherAcrossProcesses() async throws {
        let directory = TestDataDirectory()
        let database = try await directory.open()
        let changes = StoreChangeWatcher.changes(of: database, clock: SystemClock(), every: .milliseconds(100))
        let writer = try ProbeProcess(["write", directory.paths.dataDirectory.path, "1", "other"])
        #expect(await writer.finish() == 0)
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next() != nil, "a change was yielded")
        #expect(try await database.reports(search: "other", limit: 10, offset: 0).count == 1)
    }

    @Test("while one process holds the capture lock, another refuses to record; a crash frees it")
    func captureLock() async throws {
        let directory = TestDataDirectory()
        try directory.paths.createDirectories()
        let dataDir = directory.paths.dataDirectory.path
        let holder = try ProbeProcess(["hold-capture-lock", dataDir])
        #expect(await holder.wait { $0 == ["held"] })

        let lock = FileCaptureLock(paths: directory.paths)
        #expect(try lock.acquire() == false)
        let capture = ExclusiveCapture(FakeCapture(), lock: lock)
        await #expect(throws: CaptureError.recordingElsewhere) {
            try await capture.start(recordingTo: URL(fileURLWithPath: "/tmp/x.wav"), appending: false)
        }

        holder.kill()
        _ = await holder.finish()
        #expect(try lock.acquire(), "the kernel released the dead holder's lock")
        let other = try ProbeProcess(["try-capture-lock", dataDir])
        #expect(await other.finish() == 3)
        #expect(other.printed == ["busy"])
        lock.release()

        let free = try ProbeProcess(["try-capture-lock", dataDir])
        #expect(await free.finish() == 0)
        #expect(free.printed == ["acquired"])
    }
}
