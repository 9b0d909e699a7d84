import Foundation

/// The machine's processes as `/proc` shows them, for tests that count, follow and stop the station's
/// children (a training and its tools).
public struct ProcessEntry: Sendable, Equatable {
    public var id: Int32
    public var parent: Int32
    /// `R`, `S`, `T` (stopped), `Z` (ended, not yet collected)…
    public var state: Character
    public var arguments: [String]
    /// The working directory, when readable.
    public var directory: String?
    /// The blocked and ignored signals (`SigBlk`, `SigIgn` of `/proc/PID/status`), as hex masks.
    public var blockedSignals: String
    public var ignoredSignals: String
    /// When it started (clock ticks since boot): with `id`, what tells it from a later process that
    /// got the same number.
    public var started: UInt64

    /// Whether it has ended (gone, or a zombie no one collected yet).
    public var hasEnded: Bool { state == "Z" || state == "X" }

    /// The program's file name, as `ps` shows it.
    public var name: String { arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "" }
}

public enum ProcessTable {
    /// Every process readable now.
    public static func all() -> [ProcessEntry] {
        let ids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }
        return ids.compactMap(entry)
    }

    /// The process `id`, if it exists.
    public static func entry(_ id: Int32) -> ProcessEntry? {
        guard let status = try? String(contentsOfFile: "/proc/\(id)/status", encoding: .utf8) else { return nil }
        var fields: [String: String] = [:]
        for line in status.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        let commandLine = FileManager.default.contents(atPath: "/proc/\(id)/cmdline") ?? Data()
        // /proc/PID/stat: "pid (name) state ppid …", starttime the 22nd field; the name may hold spaces.
        let stat = (try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8)) ?? ""
        let afterName = stat.lastIndex(of: ")").map { stat[stat.index(after: $0)...] } ?? ""
        let started = afterName.split(separator: " ").dropFirst(19).first.flatMap { UInt64($0) } ?? 0
        return ProcessEntry(
            id: id, parent: Int32(fields["PPid"] ?? "") ?? 0, state: fields["State"]?.first ?? "?",
            arguments: commandLine.split(separator: 0).map { String(decoding: $0, as: UTF8.self) },
            directory: try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(id)/cwd"),
            blockedSignals: fields["SigBlk"] ?? "", ignoredSignals: fields["SigIgn"] ?? "", started: started)
    }

    /// The living processes whose command line or working directory names `folder` (a test's data
    /// directory): the station's processes for it and the training tools working in it.
    public static func working(in folder: URL) -> [ProcessEntry] {
        let path = folder.path
        return all().filter { process in
            !process.hasEnded
                && (process.arguments.contains { $0.contains(path) } || process.directory?.hasPrefix(path) == true)
        }
    }

    /// The living children of `parent`.
    public static func children(of parent: Int32) -> [ProcessEntry] {
        all().filter { $0.parent == parent && !$0.hasEnded }
    }

    /// Whether `process` has ended (its number may have gone to another process since).
    public static func hasEnded(_ process: ProcessEntry) -> Bool {
        guard let now = entry(process.id), now.started == process.started else { return true }
        return now.hasEnded
    }
}
