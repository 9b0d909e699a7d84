import Foundation

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

    /// Runs `tool` with `arguments` in `directory`; stdout and stderr go to `log`. Returns when it ended.
    public func run(_ tool: String, _ arguments: [String], in directory: URL, log: URL) async throws {
        let executable = try path(of: tool)
        _ = FileManager.default.createFile(atPath: log.path, contents: nil, attributes: [.posixPermissions: 0o600])
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        let ended = AsyncStream<Int32>.makeStream(of: Int32.self)
        process.terminationHandler = { ended.continuation.yield($0.terminationStatus) }
        let started = ContinuousClock.now
        try process.run()
        let watchdog = Task { [timeout] in
            try await Task.sleep(for: timeout)
            process.terminate()
        }
        let status = await withTaskCancellationHandler {
            var iterator = ended.stream.makeAsyncIterator()
            return await iterator.next() ?? -1
        } onCancel: {
            process.terminate()
        }
        watchdog.cancel()
        let timedOut = status != 0 && ContinuousClock.now - started >= timeout
        try Task.checkCancellation()
        if timedOut { throw AdaptationError.toolTimedOut(tool: tool) }
        guard status == 0 else {
            throw AdaptationError.toolFailed(tool: tool, status: status, lastLines: Self.lastLines(of: log))
        }
    }
}
