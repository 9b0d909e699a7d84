import Foundation
import SQLiteStore
import StationCore
import StationTestSupport
import Testing

/// A disk filled to the last byte under a data directory (a small tmpfs of its own): what was saved
/// stays readable, and the person is told in plain words that the disk is full.
@Suite("Survives: a full disk", .serialized)
struct FullDiskTests {
    @Test("on a full disk, reports says the disk is full in plain words and still lists the reports")
    @MainActor
    func reportsOnFullDisk() async throws {
        try #require(getuid() == 0, "mounting a small disk needs root")
        let disk = try SmallDisk(megabytes: 4, label: "full-disk")
        defer { disk.unmount() }
        let data = disk.root.appendingPathComponent("data")
        let paths = StationPaths(dataDirectory: data)
        do {
            let database = try await StationDatabase.open(paths)
            for number in 1...3 {
                _ = try await database.add(
                    NewReport(
                        sessionName: "Room \(number)", locale: "en-US",
                        created: Date(timeIntervalSince1970: 1_780_000_000 + Double(number)),
                        audioDuration: .seconds(5), audioFile: nil, text: "Report number \(number) of the ward round."))
            }
        }
        // Closed (once its queue lets go of it): its shared-memory file is gone, and there is no room left
        // to make it again.
        let sharedMemory = paths.database.path + "-shm"
        #expect(
            await eventually { !FileManager.default.fileExists(atPath: sharedMemory) },
            "the premise: no -shm beside the database")
        try disk.fill()

        let clock = ContinuousClock()
        let started = clock.now
        let listed = try StationBinary.run(["--data-dir", data.path, "reports"])
        let took = clock.now - started
        print("reports on a full disk: exit \(listed.status) in \(took)")
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(listed.standardError.contains("The disk holding \(data.path) is full"), "\(listed.standardError)")
        #expect(listed.standardError.contains("the reports can be read"), "\(listed.standardError)")
        for jargon in ["SQLite error", "disk I/O error", "4874", "Error Domain"] {
            #expect(!listed.standardError.contains(jargon), "\(jargon): \(listed.standardError)")
        }
        for number in 1...3 {
            #expect(
                listed.standardOutput.contains("Report number \(number) of the ward round."), "\(listed.standardOutput)"
            )
        }
        let json = try StationBinary.run(["--data-dir", data.path, "reports", "--json"])
        #expect(json.status == 0, "\(json.standardError)")
        let parsed = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]]
        #expect(parsed?.count == 3)
        let shown = try StationBinary.run(["--data-dir", data.path, "reports", "show", "2"])
        #expect(shown.status == 0, "\(shown.standardError)")
        #expect(shown.standardOutput.contains("Report number 2 of the ward round."))
    }

    @Test("a change on a full disk is refused saying the disk is full, and the report stays as it was")
    func changeOnFullDisk() async throws {
        try #require(getuid() == 0, "mounting a small disk needs root")
        let disk = try SmallDisk(megabytes: 4, label: "full-disk-edit")
        defer { disk.unmount() }
        let data = disk.root.appendingPathComponent("data")
        do {
            let database = try await StationDatabase.open(StationPaths(dataDirectory: data))
            _ = try await database.add(
                NewReport(
                    sessionName: "Room 1", locale: "en-US", created: Date(timeIntervalSince1970: 1_780_000_000),
                    audioDuration: .seconds(5), audioFile: nil, text: "The first text."))
        }
        let corrected = disk.folder.url.appendingPathComponent("corrected.txt")
        try Data(String(repeating: "A much longer corrected text. ", count: 400).utf8).write(to: corrected)
        try disk.fill()
        let edited = try StationBinary.run([
            "--data-dir", data.path, "reports", "edit", "1", "--text-file", corrected.path,
        ])
        #expect(edited.status == 1, "\(edited.standardOutput)")
        #expect(edited.standardError.contains("full"), "\(edited.standardError)")
        for jargon in ["SQLite error", "disk I/O error", "Error Domain"] {
            #expect(!edited.standardError.contains(jargon), "\(jargon): \(edited.standardError)")
        }
        let shown = try StationBinary.run(["--data-dir", data.path, "reports", "show", "1"])
        #expect(shown.standardOutput.contains("The first text."))
    }
}
