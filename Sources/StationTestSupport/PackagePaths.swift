import Foundation
import StationSystem

/// Places in the package checkout that tests use: fixtures, the built binary.
public enum PackagePaths {
    /// The package root, found by walking up from this file.
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        fatalError("no Package.swift above \(#filePath)")
    }()

    /// Scripts and data shared by the test targets.
    public static var fixtures: URL { root.appendingPathComponent("Tests/Fixtures", isDirectory: true) }

    /// The debug build of the executable (`swift build --build-tests` builds it).
    public static var binary: URL { root.appendingPathComponent(".build/debug/dictation-station") }
}

/// A private temporary folder, deleted by `remove()`; its name carries the test process's id, so a later
/// run can sweep folders whose process is gone (`sweepAbandoned()`).
public struct TemporaryFolder: Sendable {
    public let url: URL

    public init(_ label: String = "test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ds.\(getpid()).\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    public func remove() { try? FileManager.default.removeItem(at: url) }

    /// Deletes the temporary folders of test processes that are no longer running.
    public static func sweepAbandoned() {
        let temporary = FileManager.default.temporaryDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix("ds.") {
            let pid = name.dropFirst(3).prefix { $0 != "." }
            guard let pid = Int32(pid), !Processes.exists(pid) else { continue }
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
    }

    /// Every path below the folder, relative, sorted.
    public func contents() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: url.path) else { return [] }
        return (enumerator.allObjects as? [String] ?? []).sorted()
    }
}

/// Runs a program to completion; returns its exit status and standard output.
@discardableResult
public func runProgram(
    _ path: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
) throws -> (
    status: Int32, output: String
) {
    var spawn = Spawn(path, arguments)
    spawn.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    spawn.directory = directory?.path
    spawn.output = .capture
    let finished = try spawn.run()
    return (finished.termination?.status ?? -1, finished.outputText)
}

extension Termination {
    /// The status as Foundation's `Process` gave it: the exit status, or the number of the signal.
    public var status: Int32 {
        switch self {
        case .exited(let status), .signalled(let status): status
        case .unknown: -1
        }
    }
}
