import Foundation
import StationSystem

/// A small disk of its own for one test: a tmpfs of `megabytes` mounted on a private folder (root only),
/// which `fill()` fills to the last byte. `unmount()` (in a defer, so also when the test fails) takes
/// it away with everything on it.
public final class SmallDisk {
    public let folder: TemporaryFolder
    public var root: URL { folder.url.appendingPathComponent("disk", isDirectory: true) }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public init(megabytes: Int, label: String = "small-disk") throws {
        folder = try TemporaryFolder(label)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: false)
        let mounted = try Spawn(
            "/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m,mode=0700", "tmpfs", root.path]
        )
        .with { $0.errors = .capture }.run(deadline: .seconds(30))
        guard mounted.termination == .exited(0) else {
            folder.remove()
            throw Failure(description: "mount tmpfs on \(root.path): \(mounted.errorText)")
        }
    }

    /// Writes one file until the disk refuses another byte; returns how many bytes it took.
    @discardableResult
    public func fill() throws -> Int {
        let file = try PrivateFile.open(root.appendingPathComponent("filler").path, .writeOnly, creating: .exclusively)
        defer { file.close() }
        var written = 0
        // Big blocks, then smaller ones for what still fits, down to the last byte.
        for size in [65_536, 4096, 512, 1] {
            let block = [UInt8](repeating: 0, count: size)
            while (try? file.writeAll(block)) != nil { written += size }
        }
        return written
    }

    public func unmount() {
        _ = try? Spawn("/bin/umount", [root.path]).run(deadline: .seconds(30))
        folder.remove()
    }
}

extension Spawn {
    /// This spawn, changed by `change`.
    func with(_ change: (inout Spawn) -> Void) -> Spawn {
        var copy = self
        change(&copy)
        return copy
    }
}
