import Foundation
import StationCore
import StationTestSupport
import Testing

@testable import SpeakerAdaptation

/// The voice profile's files are patient data like the rest of the data directory: no link is followed
/// to them, every file a training makes is private from its creation, and its tools can be stopped.
@Suite("Voice profile training keeps its files private and its tools stoppable", .serialized)
struct TrainingPrivacyTests {
    static func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("a link in place of profiles/ is refused, naming it; nothing is written to or chmodded at its target")
    func profilesLinkRefused() throws {
        let data = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let target = data.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: target.path)
        let link = data.appendingPathComponent("profiles")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let profiles = SpeakerProfiles(directory: link)

        let attempts: [(String, () throws -> Void)] = [
            ("scratch folder", { _ = try profiles.scratchFolder(author: "alice") }),
            (
                "training queue",
                { _ = try TrainingQueue(profiles: profiles).enter(.init(author: "alice", locale: "en-US")) }
            ),
            (
                "attempt record",
                {
                    try profiles.recordAttempt(
                        TrainingAttempt(date: Date(), dictations: []), author: "alice", locale: "en-US")
                }
            ),
            ("reset", { _ = try profiles.reset(author: "alice") }),
        ]
        for (what, attempt) in attempts {
            do {
                try attempt()
                Issue.record("\(what): the link was followed")
            } catch {
                #expect("\(error)".contains("\(link.path) is a symbolic link"), "\(what): \(error)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).isEmpty)
        #expect(try Self.mode(target.path) == 0o755, "not chmodded through the link")
    }

    /// Scores nothing; while a candidate is scored (the training's folder still there), notes the mode
    /// of everything in the scratch folder.
    final class ModeRecordingScorer: RecognitionScoring, @unchecked Sendable {
        let profiles: URL
        private let lock = NSLock()
        private var seen: [String: (isFolder: Bool, mode: Int)] = [:]

        init(profiles: URL) { self.profiles = profiles }

        var entries: [String: (isFolder: Bool, mode: Int)] { lock.withLock { seen } }

        func errorRates(
            of model: SpeechModel, on dictations: [CorrectedDictation]
        ) async throws -> [SpeakerAdaptation.WordErrorRate] {
            let files = FileManager.default
            for author in try files.contentsOfDirectory(atPath: profiles.path) where !author.hasPrefix(".") {
                let folder = profiles.appendingPathComponent(author)
                for scratch in try files.contentsOfDirectory(atPath: folder.path) where scratch.hasPrefix(".training-")
                {
                    let root = folder.appendingPathComponent(scratch)
                    let paths =
                        [root.path]
                        + (files.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).map {
                            root.appendingPathComponent($0).path
                        }
                    for path in paths {
                        var isFolder: ObjCBool = false
                        _ = files.fileExists(atPath: path, isDirectory: &isFolder)
                        let mode = try TrainingPrivacyTests.mode(path)
                        lock.withLock { seen[path] = (isFolder.boolValue, mode) }
                    }
                }
            }
            return dictations.map { _ in SpeakerAdaptation.WordErrorRate(errors: 5, words: 10) }
        }
    }

    @Test("every file of a training's scratch folder is 0600 and every folder 0700, the tools' own too")
    func scratchIsPrivate() async throws {
        let data = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let profiles = SpeakerProfiles(directory: data.appendingPathComponent("profiles"))
        let scorer = ModeRecordingScorer(profiles: profiles.directory)
        let source = ListedDictations(["alice": try DevCorpus.dictations("slt", 1...30)])
        let outcome = try await ProfileUpdater(profiles: profiles, scorer: scorer).update(
            author: "alice", base: DevCorpus.stockModel, source: source, now: Date())
        #expect(outcome.accepted == nil, "the scorer accepts nothing")
        let entries = scorer.entries
        let files = entries.filter { !$0.value.isFolder }
        #expect(files.keys.contains { $0.hasSuffix(".raw") }, "the audio copies were seen")
        #expect(files.keys.contains { $0.hasSuffix(".mfc") }, "sphinx_fe's features were seen")
        // bw accumulates into one `train-XXXXXXXX/` folder per training (`ProfileTrainer.train`).
        #expect(
            files.keys.contains { $0.range(of: "/train-[^/]+/[^/]+$", options: .regularExpression) != nil },
            "bw's counts were seen")
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            #expect(entry.mode == (entry.isFolder ? 0o700 : 0o600), "\(path): \(String(entry.mode, radix: 8))")
        }
    }

    /// A Python program noting its blocked signals in `file`, then running `rest`. (Not a shell script:
    /// dash clears its signal mask when it starts, which would hide what it was given.)
    static func maskNoting(_ file: URL, then rest: String) -> String {
        """
        #!/usr/bin/python3
        import time
        status = open("/proc/self/status").read().splitlines()
        open("\(file.path)", "w").write([line for line in status if line.startswith("SigBlk")][0] + "\\n")
        \(rest)

        """
    }

    @Test("the station's training child starts with no signal blocked")
    func trainingChildMask() async throws {
        let folder = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mask = folder.appendingPathComponent("mask")
        let binary = folder.appendingPathComponent("dictation-station")
        try Self.maskNoting(mask, then: "").write(to: binary, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: binary.path)
        let training = BackgroundProfileTraining(executable: binary, dataDirectory: folder)
        _ = await Task.detached { await training.trainIfDue(author: "alice", locale: "en-US") }.value
        let blocked = try String(contentsOf: mask, encoding: .utf8)
        #expect(blocked.hasSuffix("0000000000000000\n"), "\(blocked)")
    }

    @Test("a training tool starts with no signal blocked, and its deadline's SIGTERM ends it")
    func toolHearsItsDeadline() async throws {
        let folder = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mask = folder.appendingPathComponent("mask")
        let tool = folder.appendingPathComponent("sphinx_fe")
        // A tool that hangs, as bw does on a full disk, after noting its blocked signals.
        try Self.maskNoting(mask, then: "time.sleep(20)").write(to: tool, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: tool.path)
        let tools = TrainingTools(binDirectory: folder, timeout: .seconds(1))
        let clock = ContinuousClock()
        let started = clock.now
        // From a task of the global executor, as `profiles update` runs its tools: its threads block signals.
        let log = folder.appendingPathComponent("fe.log")
        let run = Task.detached { try await tools.run("sphinx_fe", [], in: folder, log: log) }
        await #expect(throws: AdaptationError.toolTimedOut(tool: "sphinx_fe")) { try await run.value }
        #expect(clock.now - started < .seconds(15), "SIGTERM ended it, not the end of its sleep")
        let blocked = try String(contentsOf: mask, encoding: .utf8)
        #expect(blocked.hasSuffix("0000000000000000\n"), "\(blocked)")
        #expect(try Self.mode(folder.appendingPathComponent("fe.log").path) == 0o600)
    }
}
