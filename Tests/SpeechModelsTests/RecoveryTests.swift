import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import SpeechModels

@Suite("What an interrupted install leaves is cleaned up or put back")
struct RecoveryTests {
    /// The id of a process that has exited.
    func deadPID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test("a work folder of a process that is gone is deleted; one of a live process is kept")
    func abandonedWork() async throws {
        let data = try TemporaryFolder("recovery")
        defer { data.remove() }
        let models = data.url.appendingPathComponent("models", isDirectory: true)
        let dead = models.appendingPathComponent(".partial-\(try deadPID())-\(UUID().uuidString)")
        let live = models.appendingPathComponent(".partial-\(getpid())-\(UUID().uuidString)")
        for folder in [dead, live] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        _ = ModelInstaller(catalog: ModelCatalog(locales: []), modelsDirectory: models)
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: live.path))
    }

    @Test("a replace cut short between its two renames puts the old model back")
    func interruptedReplace() throws {
        let data = try TemporaryFolder("recovery")
        defer { data.remove() }
        let models = data.url.appendingPathComponent("models", isDirectory: true)
        let aside = models.appendingPathComponent(".old-nl-NL-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: aside, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: aside.appendingPathComponent("model.json"))
        ModelFolders(root: models).cleanUpAbandoned()
        #expect(FileManager.default.fileExists(atPath: models.appendingPathComponent("nl-NL/model.json").path))
        #expect(!FileManager.default.fileExists(atPath: aside.path))
    }

    @Test("a replace cut short after the new model is in place deletes the old one")
    func finishedReplace() throws {
        let data = try TemporaryFolder("recovery")
        defer { data.remove() }
        let models = data.url.appendingPathComponent("models", isDirectory: true)
        let aside = models.appendingPathComponent(".old-nl-NL-\(UUID().uuidString)", isDirectory: true)
        let current = models.appendingPathComponent("nl-NL", isDirectory: true)
        for folder in [aside, current] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data("new".utf8).write(to: current.appendingPathComponent("model.json"))
        ModelFolders(root: models).cleanUpAbandoned()
        #expect(try Data(contentsOf: current.appendingPathComponent("model.json")) == Data("new".utf8))
        #expect(!FileManager.default.fileExists(atPath: aside.path))
    }

    @Test("progress passes a few times a second at most, and always the first and the last")
    func throttle() {
        let clock = ManualClock()
        let throttle = ProgressThrottle(clock: clock, interval: .milliseconds(250))
        #expect(throttle.shouldReport(bytes: 1, total: 100))
        #expect(!throttle.shouldReport(bytes: 2, total: 100))
        clock.advance(by: .milliseconds(200))
        #expect(!throttle.shouldReport(bytes: 3, total: 100))
        clock.advance(by: .milliseconds(50))
        #expect(throttle.shouldReport(bytes: 4, total: 100))
        #expect(throttle.shouldReport(bytes: 100, total: 100), "the last always passes")
        #expect(!throttle.shouldReport(bytes: 5, total: nil))
    }

    @Test("links and paths that stay inside are told from those that leave")
    func paths() {
        #expect(ArchivePath.isSafeRelative("model/en-us/mdef"))
        #expect(ArchivePath.isSafeRelative("./model"))
        #expect(!ArchivePath.isSafeRelative("model/../../x"))
        #expect(!ArchivePath.isSafeRelative("/etc/passwd"))
        #expect(ArchivePath.linkStaysInside(entry: "model/en-us/link", target: "../other"))
        #expect(!ArchivePath.linkStaysInside(entry: "model/link", target: "../../x"))
        #expect(!ArchivePath.linkStaysInside(entry: "model/link", target: "/etc"))
    }
}
