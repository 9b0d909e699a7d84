import Foundation
import StationSystem
import StationTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The training's processes with the real binary and the real tools: a burst of corrections makes no
/// pile of trainings, a tool never outlives its deadline nor the training that started it, and the
/// tools start with no signal blocked or ignored.
@Suite("Voice profile trainings never pile up, and their tools can always be stopped", .serialized)
struct TrainingProcessesTests {
    static let tools: Set<String> = [
        "pocketsphinx_mdef_convert", "sphinx_fe", "bw", "map_adapt", "mk_s2sendump", "mllr_solve",
    ]

    /// The most processes of each kind seen at once in a data directory.
    struct Counts: Sendable, CustomStringConvertible {
        var trainings = 0
        var tools = 0
        var all = 0
        var description: String { "\(trainings) trainings, \(tools) tools, \(all) processes in all" }
    }

    @Test("a burst of 100 corrections: one training runs, one waits, and the last correction is learned from")
    func burstOfCorrections() async throws {
        let data = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        // 30 reports: the first 29 corrected again and again (a full stop added, then taken away: a
        // revision each time, the same words), the 30th for the first time by the 100th correction.
        let reports = try AuthorReports.imported(try DevCorpus.dictations("slt", 1...30), into: data)
        let most = Locked(Counts())
        let done = Locked(false)
        let sampler = Thread {
            while !done.current {
                let processes = ProcessTable.working(in: data)
                let trainings = processes.filter {
                    $0.arguments.contains("profiles") && $0.arguments.contains("update")
                }
                let tools = processes.filter { Self.tools.contains($0.name) }
                most.withLock { counts in
                    counts.trainings = max(counts.trainings, trainings.count)
                    counts.tools = max(counts.tools, tools.count)
                    counts.all = max(counts.all, processes.count)
                }
                // A sample every 20 ms: time is the subject here (how often the table is looked at).
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
        sampler.start()
        defer { done.withLock { $0 = true } }

        // Every new corrected dictation makes an update due, the most demanding rate there is.
        let every = ["DICTATION_STATION_PROFILE_EVERY": "1"]
        for correction in 0..<99 {
            let index = correction % 29
            let suffix = (correction / 29) % 2 == 1 ? "." : ""
            try reports.correct(index, text: reports.corpus[index].text + suffix, environment: every)
        }
        try reports.correct(29, environment: every)
        try await waitUntil("every training to end", seconds: 3600) { ProcessTable.working(in: data).isEmpty }
        done.withLock { $0 = true }
        print("a burst of 100 corrections: at most \(most.current) at once")
        // One runs, one waits; a third only while one that has finished writes its last line.
        #expect(most.current.trainings <= 3, "\(most.current)")
        #expect(most.current.tools <= 1, "\(most.current)")

        // The last training was offered all 30: the 100th correction, the 30th report's first, among them.
        let attempt = data.appendingPathComponent("profiles/\(AuthorReports.author)/.attempt-en-US.json")
        let record = try JSONSerialization.jsonObject(with: Data(contentsOf: attempt)) as? [String: Any]
        let offered = record?["dictations"] as? [String] ?? []
        #expect(offered.count == 30, "the last training had \(offered.count) of the 30 corrected dictations")
    }

    @Test("a training killed with kill -9 leaves no tool running, and its tools start with no signal blocked")
    func killedTraining() async throws {
        let data = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        try AuthorReports.imported(try DevCorpus.dictations("slt", 1...25), into: data).correctAll()
        let update = try startUpdate(data)
        defer { _ = update.stop(grace: .seconds(1)) }
        let tool = try await runningTool(of: update)
        defer { Self.kill(tool) }
        // Signals 1–31; 32 and 33 are the C library's own (thread cancellation, set*id), never a person's.
        #expect(Self.standardSignals(tool.blockedSignals) == 0, "SigBlk \(tool.blockedSignals)")
        #expect(Self.standardSignals(tool.ignoredSignals) == 0, "SigIgn \(tool.ignoredSignals)")
        // Stopped, it cannot end by itself: only its parent's end can end it.
        Glibc.kill(tool.id, SIGSTOP)
        update.signal(SIGKILL)
        #expect(update.wait() == .signalled(SIGKILL))
        try await waitUntil("the \(tool.name) of the killed training to end") { ProcessTable.hasEnded(tool) }
    }

    @Test("a tool past its deadline is stopped, however it got stuck, and the training says so")
    func toolPastItsDeadline() async throws {
        let data = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        try AuthorReports.imported(try DevCorpus.dictations("slt", 1...25), into: data).correctAll()
        let update = try startUpdate(data, environment: ["DICTATION_STATION_TRAINING_TOOL_SECONDS": "3"])
        defer { _ = update.stop(grace: .seconds(1)) }
        let tool = try await runningTool(of: update)
        defer { Self.kill(tool) }
        // A stopped process leaves SIGTERM pending: only the SIGKILL after the grace period ends it.
        Glibc.kill(tool.id, SIGSTOP)
        let finished = await update.finished()
        #expect(finished.termination == .exited(1))
        #expect(finished.errorText.contains("\(tool.name) took too long and was stopped"), "\(finished.errorText)")
        #expect(ProcessTable.hasEnded(tool))
    }

    /// `profiles update` by hand, as a child of this test.
    func startUpdate(_ data: URL, environment: [String: String] = [:]) throws -> ChildProcess {
        var spawn = Spawn(StationBinary.url.path, ["--data-dir", data.path, "profiles", "update"])
        spawn.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        spawn.output = .capture
        spawn.errors = .capture
        return try spawn.start()
    }

    /// The first training tool `update` runs, once it is that tool (past `setpriv` and the shell).
    func runningTool(of update: ChildProcess) async throws -> ProcessEntry {
        var found: ProcessEntry?
        try await waitUntil("a training tool to run") {
            found = ProcessTable.children(of: update.id).first { Self.tools.contains($0.name) }
            return found != nil
        }
        return try #require(found)
    }

    /// The signals 1–31 of a `/proc/PID/status` mask (signal n is bit n - 1).
    static func standardSignals(_ mask: String) -> UInt64 { (UInt64(mask, radix: 16) ?? .max) & 0x7fff_ffff }

    /// Ends `process` if it is still there (a test that failed must not leave it behind).
    static func kill(_ process: ProcessEntry) {
        guard !ProcessTable.hasEnded(process) else { return }
        Glibc.kill(process.id, SIGKILL)
    }
}
