import Foundation
import StationTestSupport
import Testing

/// Another process (here python3's sqlite3 module, a real second libsqlite3 client) holding a write
/// transaction on the station's database while the station or a subcommand starts: it must wait for
/// it, say what it waits for when that takes a while, and go on once it is released.
@Suite("Survives: another process holding the database at start")
struct DatabaseHeldElsewhereTests {
    /// A python3 process holding `BEGIN IMMEDIATE` on a database until told to commit.
    final class Holder {
        let process = Process()
        private let input = Pipe()
        private let output = Pipe()

        static let script = """
            import sqlite3, sys
            connection = sqlite3.connect(sys.argv[1], isolation_level=None)
            connection.execute("BEGIN IMMEDIATE")
            print("held", flush=True)
            sys.stdin.readline()
            connection.execute("COMMIT")
            """

        init(database: URL) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = ["-c", Self.script, database.path]
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            guard line.hasPrefix("held") else { throw TestFailure("python3 did not take the lock: \(line)") }
        }

        /// Commits and lets the process end.
        func release() {
            input.fileHandleForWriting.write(Data("\n".utf8))
            process.waitUntilExit()
        }

        deinit { if process.isRunning { process.terminate() } }
    }

    static func dataDirectory(_ label: String) throws -> TemporaryFolder { try TemporaryFolder(label) }

    @Test("a subcommand on a current database reads at once while another process writes")
    func currentDatabase() async throws {
        let folder = try Self.dataDirectory("held-current")
        defer { folder.remove() }
        let data = folder.url.path
        #expect(try StationBinary.run(["--data-dir", data, "reports"]).status == 0)
        let holder = try Holder(database: folder.url.appendingPathComponent("station.sqlite3"))
        defer { holder.release() }
        // Before the fix every open took the write lock to migrate, waited 15 s and failed "database is locked".
        let outcome = try StationBinary.run(["--data-dir", data, "reports"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "No reports yet.\n")
        #expect(!outcome.standardError.contains("Waiting"))
    }

    @Test("a subcommand that must set up the database waits, says what it waits for, and succeeds once released")
    func setUpWaits() async throws {
        let folder = try Self.dataDirectory("held-new")
        defer { folder.remove() }
        let database = folder.url.appendingPathComponent("station.sqlite3")
        // A database another program created and still writes: switching it to WAL and migrating need it.
        let holder = try Holder(database: database)
        let run = Process()
        run.executableURL = PackagePaths.binary
        run.arguments = ["--data-dir", folder.url.path, "reports"]
        let (output, errors) = (Pipe(), Pipe())
        run.standardOutput = output
        run.standardError = errors
        let said = Locked(Data())
        errors.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            said.withLock { $0.append(data) }
        }
        try run.run()
        let expected = "Waiting for another process using the database \(database.path)"
        try? await waitUntil("the subcommand to say what it waits for", seconds: 60) {
            String(decoding: said.current, as: UTF8.self).contains(expected) || !run.isRunning
        }
        let stderr = String(decoding: said.current, as: UTF8.self)
        #expect(stderr.contains(expected), "\(stderr)")
        #expect(run.isRunning, "it waits instead of failing: \(stderr)")
        holder.release()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        run.waitUntilExit()
        #expect(run.terminationStatus == 0, "\(String(decoding: said.current, as: UTF8.self))")
        #expect(String(decoding: printed, as: UTF8.self) == "No reports yet.\n")
    }

    @Test("the station waits before its first frame, says so in the terminal and the log, and opens once released")
    func stationWaits() throws {
        let terminal = try StationInTmux("held-station")
        try FileManager.default.createDirectory(atPath: terminal.data, withIntermediateDirectories: true)
        let database = URL(fileURLWithPath: terminal.data).appendingPathComponent("station.sqlite3")
        let holder = try Holder(database: database)
        var released = false
        defer { if !released { holder.release() } }
        let tmux = try TmuxSession(
            command: [TmuxSession.binary.path, "--data-dir", terminal.data],
            environment: [
                "XDG_RUNTIME_DIR": terminal.runtime.path, "TERM": "screen-256color", "HOME": terminal.directory.path,
            ])
        defer { tmux.shutDown() }
        _ = try tmux.waitFor("Waiting for another process using the database")
        holder.release()
        released = true
        _ = try tmux.waitFor("F10")
        let log = try String(contentsOfFile: terminal.data + "/station.log", encoding: .utf8)
        #expect(log.contains("Waiting for another process using the database"))
    }

    @Test("the station opens at once on a current database while another process writes")
    func stationOnCurrentDatabase() throws {
        let terminal = try StationInTmux("held-current-station")
        // A station in use: started once before (its first start saves the locale, a write).
        let first = try terminal.start()
        try first.send("q")
        #expect(try first.waitForExit() == 0)
        first.shutDown()
        let holder = try Holder(database: URL(fileURLWithPath: terminal.data).appendingPathComponent("station.sqlite3"))
        defer { holder.release() }
        let tmux = try terminal.start()
        defer { tmux.shutDown() }
        #expect(!(try tmux.screen()).contains("Waiting"))
    }
}
