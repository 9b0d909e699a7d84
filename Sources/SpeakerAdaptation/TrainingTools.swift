import Foundation
import StationSystem

/// The command-line tools of Debian's `sphinxtrain`, `sphinxbase-utils` and `pocketsphinx`, run as
/// child processes with their output kept in a log file.
public struct TrainingTools: Sendable {
    /// Where `sphinxtrain` keeps its programs (not on PATH).
    public var sphinxtrainDirectory: URL
    /// Where `sphinx_fe` and `pocketsphinx_mdef_convert` are.
    public var binDirectory: URL
    /// The longest one tool may run; bw retries missing files forever, so every run has a deadline.
    public var timeout: Duration

    public init(
        sphinxtrainDirectory: URL = URL(fileURLWithPath: "/usr/lib/sphinxtrain"),
        binDirectory: URL = URL(fileURLWithPath: "/usr/bin"), timeout: Duration = .seconds(600)
    ) {
        self.sphinxtrainDirectory = sphinxtrainDirectory
        self.binDirectory = binDirectory
        self.timeout = timeout
    }

    static let sphinxtrainTools: Set<String> = ["bw", "map_adapt", "mllr_solve", "mk_s2sendump"]

    /// The path of `tool`, or why it is missing.
    public func path(of tool: String) throws(AdaptationError) -> URL {
        let folder = Self.sphinxtrainTools.contains(tool) ? sphinxtrainDirectory : binDirectory
        let url = folder.appendingPathComponent(tool)
        guard FileManager.default.isExecutableFile(atPath: url.path) else { throw .toolMissing(tool) }
        return url
    }

    /// The tools a training needs that are not installed.
    public func missing() -> [String] {
        (Self.sphinxtrainTools.sorted() + ["sphinx_fe", "pocketsphinx_mdef_convert"]).filter {
            (try? path(of: $0)) == nil
        }
    }

    /// The last lines of a tool's log, on one line: what a failure message shows.
    static func lastLines(of log: URL, count: Int = 3) -> String {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(count).joined(separator: " / ")
    }

    /// How long a tool past its deadline (or cancelled) has to end after SIGTERM before SIGKILL.
    public static let grace: Duration = .seconds(5)

    /// Runs `tool` with `arguments` in `directory`; stdout and stderr go to `log` (0600). Returns when it
    /// ended. Past the deadline, or when the task is cancelled, the tool is stopped (SIGTERM, then SIGKILL
    /// after `grace`): it starts with a clean signal mask, so it hears them, and it dies with this process.
    public func run(_ tool: String, _ arguments: [String], in directory: URL, log: URL) async throws {
        var spawn = Spawn(try path(of: tool).path, arguments)
        spawn.directory = directory.path
        spawn.output = .file(log.path)
        spawn.errors = .standardOutput
        // What the tools write (features, counts, models) is the author's voice: private from the start.
        spawn.privateFiles = true
        // A tool left running by a killed training would go on unwatched, outside the training queue.
        spawn.diesWithParent = true
        let child = try spawn.start()
        let finished = await withTaskCancellationHandler {
            await child.finished(deadline: timeout, grace: Self.grace)
        } onCancel: {
            child.stopSoon(grace: Self.grace)
        }
        try Task.checkCancellation()
        if finished.timedOut { throw AdaptationError.toolTimedOut(tool: tool) }
        switch finished.termination {
        case .exited(0): return
        case .exited(let status), .signalled(let status):
            throw AdaptationError.toolFailed(tool: tool, status: status, lastLines: Self.lastLines(of: log))
        case .unknown, nil:
            throw AdaptationError.toolFailed(tool: tool, status: -1, lastLines: Self.lastLines(of: log))
        }
    }
}
