import Foundation
import LocalClaims
import SQLiteStore
import StationCore
import Testing

@Suite("SQLite files are private")
struct FileModeTests {
    @Test("the data directory is 0700; the database, its WAL and shared memory, and the capture lock are 0600")
    func modes() async throws {
        let directory = TestDataDirectory()
        let database = try await directory.open()
        _ = try await database.add(sampleReport())
        let lock = FileCaptureLock(paths: directory.paths)
        #expect(try lock.acquire())
        defer { lock.release() }
        let paths = directory.paths
        #expect(try directory.mode(paths.dataDirectory) == 0o700)
        #expect(try directory.mode(paths.audioDirectory) == 0o700)
        let files = [
            paths.database.path, paths.database.path + "-wal", paths.database.path + "-shm", paths.captureLock.path,
        ]
        for file in files {
            #expect(try directory.mode(URL(fileURLWithPath: file)) == 0o600, "\(file)")
        }
    }

    @Test("a database found readable by others is made private again")
    func tightens() async throws {
        let directory = TestDataDirectory()
        _ = try await directory.open()
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: directory.paths.database.path)
        _ = try await directory.open()
        #expect(try directory.mode(directory.paths.database) == 0o600)
    }
}
