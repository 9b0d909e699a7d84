import Foundation
import Localization
import StationCore
import StationSystem

/// The station's SQLite database: reports, sessions and settings in one file under the data directory.
///
/// One connection per instance, opened and used only on the actor's own thread, so blocking
/// libsqlite3 calls (including waits of up to 15 s for another station process's write lock) never
/// hold up the caller's thread, nor one of Swift's shared pool. Several station processes may open the
/// same file at once.
public actor StationDatabase {
    public nonisolated let paths: StationPaths
    /// How long a write waits for another process's lock before failing.
    static let busyTimeoutMilliseconds: Int32 = 15_000

    private nonisolated let executor: ThreadExecutor
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    private let connection: Connection
    private var seenDataVersion: Int64

    private init(paths: StationPaths, executor: ThreadExecutor, opened: Opened) {
        self.paths = paths
        self.executor = executor
        self.connection = opened.connection
        self.seenDataVersion = opened.dataVersion
    }

    // The thread ends once its last job has run.
    deinit { executor.shutDown() }

    /// A connection just opened, and the data version it saw then.
    private struct Opened {
        var connection: Connection
        var dataVersion: Int64
    }

    /// Opens the database under `paths` (creating it, private to the user), migrating it to this
    /// build's schema; a database written by a newer build is refused and left untouched. While another
    /// process holds a lock the opening needs, it waits as long as that takes, and after a while tells
    /// `whileWaiting` what it waits for. On a disk too full for the shared-memory file beside the
    /// database, it opens it anyway, alone (see `connect(_:wait:alone:)`), and tells `whileWaiting` so.
    /// `directoriesChecked`: the caller made and checked the data directory just now (the station does,
    /// for its account, before the first frame: a second pass read every entry's owner again).
    public nonisolated(nonsending) static func open(
        _ paths: StationPaths, directoriesChecked: Bool = false, whileWaiting: (@Sendable (String) -> Void)? = nil
    ) async throws -> StationDatabase {
        if !directoriesChecked { try paths.createDirectories() }
        let executor = ThreadExecutor(name: "ds.database")
        do {
            // Opened on the connection's own thread too: waiting for a lock may take as long as its holder.
            // The actor is made there too: the connection never crosses to the caller.
            return try await withTaskExecutorPreference(executor) {
                StationDatabase(
                    paths: paths, executor: executor, opened: try openNow(paths, wait: LockWait(announce: whileWaiting))
                )
            }
        } catch {
            executor.shutDown()
            throw error
        }
    }

    private static func openNow(_ paths: StationPaths, wait: LockWait) throws -> Opened {
        let path = paths.database.path
        try PrivateFile.create(path)
        do {
            return try opened(try connect(path, wait: wait))
        } catch let error as SQLiteError where error.isSharedMemoryFailure {
            let opened = try opened(try connect(path, wait: wait, alone: true))
            wait.announce?(Self.openedAlone(because: error, paths: paths))
            return opened
        }
    }

    private static func opened(_ connection: Connection) throws -> Opened {
        Opened(connection: connection, dataVersion: try connection.integer("PRAGMA data_version"))
    }

    /// What the person is told when the database could only be opened alone.
    static func openedAlone(because error: SQLiteError, paths: StationPaths) -> String {
        if error.isDiskFull {
            return tr(
                "The disk holding \(paths.dataDirectory.path) is full: the reports can be read, but nothing can be saved until some space is freed."
            )
        }
        return tr("\(error.description). The database is open for this process alone; other stations must wait.")
    }

    /// A connection to the database at `path`, migrated and in WAL mode.
    ///
    /// `alone`: in exclusive locking mode, which keeps the WAL's index in this process's memory instead
    /// of the shared-memory file (`-shm`) SQLite could not make (on a full disk). No other process can
    /// have the database open then (each would need that file), so nothing is lost: the committed
    /// reports, those still in the WAL too, are read, and other processes wait until this one closes it.
    private static func connect(_ path: String, wait: LockWait, alone: Bool = false) throws -> Connection {
        let connection = try Connection(path: path)
        if alone { try connection.execute("PRAGMA locking_mode = EXCLUSIVE") }
        do {
            // Short waits inside libsqlite3, so that a long one is announced; the usual timeout after.
            try connection.setBusyTimeout(milliseconds: LockWait.tryMilliseconds)
            try wait.run(path: path) {
                // Read the version before changing anything, so a newer database stays untouched.
                try Migrator.refuseNewer(try Migrator.version(of: connection), path: path)
                let mode = try connection.enableWriteAheadLog(timeoutMilliseconds: LockWait.tryMilliseconds)
                guard mode.lowercased() == "wal" else { throw StoreOpenError.walUnavailable(path: path, mode: mode) }
                try connection.execute("PRAGMA foreign_keys = ON")
                // FULL: every commit reaches the disk before `add` returns, so a power cut loses no report.
                try connection.execute("PRAGMA synchronous = FULL")
                try Migrator.migrate(connection, path: path)
            }
            try connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        } catch let error as SQLiteError where error.isNotADatabase {
            throw StoreOpenError.notADatabase(path: path)
        }
        return connection
    }

    /// Runs `body` with the connection, on the database's thread.
    func perform<T: Sendable>(_ body: @Sendable (Connection) throws -> T) async throws -> T {
        try body(connection)
    }

    /// The schema version of the open database.
    public func schemaVersion() async throws -> Int {
        try await perform { try Migrator.version(of: $0) }
    }

    /// The result of `PRAGMA integrity_check`: "ok" when the file is sound.
    public func integrityCheck() async throws -> String {
        try await perform { connection in
            try connection.prepared("PRAGMA integrity_check").rows { $0.text(0) }.joined(separator: "\n")
        }
    }
}

extension StationDatabase: ReportStoreObserving {
    public func hasChangedElsewhere() async throws -> Bool {
        // data_version changes when another connection commits, never for this one's own writes.
        let version = try connection.integer("PRAGMA data_version")
        defer { seenDataVersion = version }
        return version != seenDataVersion
    }
}
