import Foundation

/// A private data directory and runtime directory for the real binary in tmux, with the station started
/// on them and subcommands run beside it "from another shell".
public final class StationInTmux {
    public let directory: URL
    public let runtime: URL
    public var data: String { directory.appendingPathComponent("data").path }

    public init(_ label: String) throws {
        directory = URL(fileURLWithPath: "/tmp/ds-\(label)-\(UUID().uuidString.prefix(8))")
        runtime = directory.appendingPathComponent("run")
        try FileManager.default.createDirectory(
            at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// Stops what still runs in the folder, then removes it: a correction saved in the station starts a
    /// voice profile training that outlives it (`BackgroundProfileTraining`), and it made the folder
    /// again after it was removed.
    deinit {
        let folder = directory
        try? blockUntil("the processes in \(folder.path) to end", seconds: 5) {
            let left = ProcessTable.working(in: folder).filter { $0.id != getpid() }
            for process in left { kill(process.id, SIGKILL) }
            return left.isEmpty
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Opens the station in a fresh tmux of `rows` × `columns` and waits for its first frame; `wrapper`
    /// (a program and its arguments, e.g. `unshare …`) runs it when given.
    public func start(
        _ extra: [String] = [], environment: [String: String] = [:], rows: Int = 30, columns: Int = 100,
        wrapper: [String] = []
    ) throws -> TmuxSession {
        guard FileManager.default.isExecutableFile(atPath: TmuxSession.binary.path) else {
            throw TmuxSession.Failure(description: "build first: swift build --build-tests")
        }
        var env = [
            "XDG_RUNTIME_DIR": runtime.path, "TERM": "screen-256color", "EDITOR": "true", "HOME": directory.path,
        ]
        env.merge(environment) { $1 }
        let tmux = try TmuxSession(
            command: wrapper + [TmuxSession.binary.path, "--data-dir", data] + extra, environment: env, rows: rows,
            columns: columns)
        _ = try tmux.waitFor("F10")
        return tmux
    }

    /// The control sockets in the runtime directory now (in the account's folder of it).
    public func controlSockets() -> [URL] {
        let folders = (try? FileManager.default.contentsOfDirectory(at: runtime, includingPropertiesForKeys: nil)) ?? []
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.pathExtension == "sock" }
        }
    }

    /// The data directory's recordings folder.
    public var audio: URL { URL(fileURLWithPath: data).appendingPathComponent("audio") }

    /// The recording being made now: the newest WAV file in `audio`.
    public func recordingInProgress() throws -> URL {
        let files = try FileManager.default.contentsOfDirectory(
            at: audio, includingPropertiesForKeys: [.contentModificationDateKey]
        ).filter { $0.pathExtension == "wav" }
        let newest = files.max { a, b in
            let dates = [a, b].map {
                (try? $0.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast
            }
            return dates[0] < dates[1]
        }
        guard let newest else { throw TmuxSession.Failure(description: "no recording in \(audio.path)") }
        return newest
    }

    /// Waits until the recording in progress holds `seconds` more audio than now: what finished playing
    /// into the microphone is then in the file, and that much of what followed (see `RecordedAudio`).
    public func waitForRecordedAudio(moreThan seconds: Double) async throws {
        try await RecordedAudio.waitForMore(seconds, in: try recordingInProgress())
    }

    /// Runs a subcommand on the same data directory and control socket.
    public func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let (status, output) = try TmuxSession.spawn(
            [TmuxSession.binary.path, "--data-dir", data] + arguments, captureOutput: true,
            environment: ["XDG_RUNTIME_DIR": runtime.path, "TZ": "UTC"])
        return (status, output.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
