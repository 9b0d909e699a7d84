import Foundation
import StationTestSupport
import Testing

/// Starts the real binary without waiting for it.
private func launch(_ arguments: [String], environment: [String: String] = [:]) throws -> Process {
    let process = Process()
    process.executableURL = StationBinary.url
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return process
}

private func sample() throws -> URL { try #require(try LibriVoxSamples.all().first).file }

@Suite("Survives: several imports at once")
struct ConcurrentImportTests {
    @Test("30 import processes at once into one data directory: none fails, every copy has its own file")
    func thirtyAtOnce() throws {
        // Half a second of tone: what is said does not matter here, and 30 decoders share two cores.
        let folder = try AudioFixtures.temporaryDirectory("imports")
        let file = folder.appendingPathComponent("tone.wav")
        try AudioFixtures.sox(["-n", "-r", "16000", "-c", "1", "-b", "16", file.path, "synth", "0.5", "sine", "440"])
        let data = folder.appendingPathComponent("data").path
        // The data directory exists first, so the processes only race on what this test is about.
        _ = try StationBinary.run(["--data-dir", data, "reports"])
        let processes = try (0..<30).map { _ in
            try launch(["--data-dir", data, "import", "--session", "Ward round", "--locale", "en-US", file.path])
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: 30))

        let listed = try StationBinary.run(["--data-dir", data, "reports", "--json"])
        let rows = try #require(
            JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]])
        let audio = rows.compactMap { $0["audioFile"] as? String }
        #expect(rows.count == 30)
        #expect(Set(audio).count == 30, "every report has a file of its own")
        let files = try FileManager.default.contentsOfDirectory(atPath: data + "/audio")
        #expect(files.count == 30, "no markers or stray copies left: \(files.filter { !$0.hasSuffix(".wav") })")
    }
}

@Suite("Survives: an import killed midway")
struct KilledImportTests {
    @Test(
        "an import killed after its copy is written leaves the copy, shown at start and by recover, which stores it once"
    )
    func killedImport() throws {
        let file = try sample()
        let terminal = try StationInTmux("killed-import")
        let data = terminal.data
        let signal = terminal.directory.appendingPathComponent("held")
        let importer = try launch(
            ["--data-dir", data, "import", "--session", "Ward round", "--locale", "en-US", file.path],
            environment: [
                "DICTATION_STATION_HOLD_AT": "import-audio-written", "DICTATION_STATION_HOLD_SIGNAL": signal.path,
            ])
        try HoldSignal.wait(for: signal, seconds: 60)

        // While the import is alive, its copy is not an orphan: recover must leave it alone.
        let alive = try StationBinary.run(["--data-dir", data, "recover", "--list"])
        #expect(alive.standardOutput.contains("nothing to recover"), "\(alive.standardOutput)")

        kill(importer.processIdentifier, SIGKILL)
        importer.waitUntilExit()
        let audio = data + "/audio"
        let left = try FileManager.default.contentsOfDirectory(atPath: audio).sorted()
        #expect(left.count == 2, "the copy and its import marker: \(left)")
        let copy = try #require(left.first { $0.hasSuffix(".wav") })

        let list = try StationBinary.run(["--data-dir", data, "recover", "--list"])
        #expect(
            list.standardOutput.contains("1 recording in audio/ belongs to no report (from an unfinished import)"),
            "\(list.standardOutput)")
        #expect(list.standardOutput.contains("\(copy)"))
        #expect(list.standardOutput.contains("unfinished import into \"Ward round\" (en-US)"))

        // The station shows it at start.
        let tmux = try terminal.start()
        defer { tmux.shutDown() }
        _ = try tmux.waitFor("1 recording in audio/ has no report: run dictation-station recover")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)

        let recovered = try StationBinary.run(["--data-dir", data, "recover"])
        #expect(recovered.status == 0, "\(recovered.standardError)")
        #expect(
            recovered.standardOutput.contains("Recovered \(copy) as report 1 (session \"Ward round\", en-US)"),
            "\(recovered.standardOutput)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: audio) == [copy], "the audio kept, the marker gone")
        let again = try StationBinary.run(["--data-dir", data, "recover"])
        #expect(again.standardOutput.contains("nothing to recover"))
        let listed = try StationBinary.run(["--data-dir", data, "reports", "--json"])
        let rows = try #require(
            JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["sessionName"] as? String == "Ward round")
    }
}

@Suite("Survives: a database emptied to zero bytes")
struct EmptiedDatabaseTests {
    @Test("the station says the database is empty beside recordings, instead of starting blank in silence")
    func stationSaysSo() throws {
        let file = try sample()
        let terminal = try StationInTmux("emptied")
        let data = terminal.data
        let imported = try StationBinary.run(
            ["--data-dir", data, "import", "--session", "Ward round", "--locale", "en-US", file.path])
        try #require(imported.status == 0, "\(imported.standardError)")
        try FileHandle(forWritingTo: URL(fileURLWithPath: data + "/station.sqlite3")).truncate(atOffset: 0)
        for suffix in ["-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: data + "/station.sqlite3" + suffix)
        }

        let tmux = try terminal.start()
        defer { tmux.shutDown() }
        _ = try tmux.waitFor("Database is empty, audio/ holds 1 recording: run dictation-station recover")
        try tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
        #expect(
            FileManager.default.fileExists(
                atPath: data + "/audio/"
                    + (try #require(
                        try FileManager.default.contentsOfDirectory(atPath: data + "/audio").first))), "nothing deleted"
        )
    }
}
