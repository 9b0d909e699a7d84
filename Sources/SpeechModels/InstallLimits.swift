import Foundation

/// The bounds every install keeps, so a hostile or failing source can neither fill the disk that holds
/// the recordings nor keep an install (and the dictations waiting for it) waiting forever.
public struct InstallLimits: Sendable {
    /// The longest one download may take, however steadily it trickles in.
    public var downloadDeadline: Duration = .seconds(2 * 60 * 60)
    /// The least bytes per second a download must average over each `rateWindow`; 0 turns the check off.
    public var minimumRate: Int64 = 8_000
    public var rateWindow: Duration = .seconds(60)
    /// The most one download or one archive may take on disk when the catalog declares no size.
    public var ceiling: Int64 = 2 << 30
    /// Without a declared `unpackedSize`, an archive may unpack to this many times its own size (real
    /// models unpack to two or three times theirs; an archive bomb to a thousand).
    public var expansionRatio: Int64 = 20
    /// The free space the install leaves on the models' disk, for the recordings that share it.
    public var recordingReserve: Int64 = 1 << 30
    /// The free bytes on the file system holding a folder; nil when unknown (then not checked).
    public var freeSpace: @Sendable (URL) -> Int64? = DiskSpace.available

    public init() {}

    /// How far a download may go: its declared size with some slack, else the ceiling.
    func downloadLimit(declared: Int64?) -> Int64 {
        guard let declared else { return ceiling }
        return declared + max(declared / 10, 1 << 20)
    }

    /// How far an archive of `archiveSize` bytes may unpack: the declared size with some slack, else
    /// the expansion ratio (at least 64 MiB), never past the ceiling.
    func unpackLimit(declared: Int64?, archiveSize: Int64) -> Int64 {
        if let declared { return declared + max(declared / 10, 1 << 20) }
        return min(ceiling, max(archiveSize * expansionRatio, 64 << 20))
    }
}

/// Free disk space, from `statvfs`.
public enum DiskSpace {
    /// The bytes an unprivileged process may still write on the file system holding `folder` (or its
    /// nearest existing parent), or nil when `statvfs` fails.
    public static func available(at folder: URL) -> Int64? {
        var url = folder
        while !FileManager.default.fileExists(atPath: url.path), url.path != "/" { url.deleteLastPathComponent() }
        var info = statvfs()
        guard statvfs(url.path, &info) == 0 else { return nil }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }
}

/// Checks that the models' disk keeps the reserve for recordings.
struct FreeSpaceGuard: Sendable {
    var folder: URL
    var limits: InstallLimits

    /// Throws unless `more` bytes still fit beside the reserve.
    func require(_ more: Int64) throws {
        guard let free = limits.freeSpace(folder) else { return }
        guard free - more >= limits.recordingReserve else {
            throw InstallFailure.diskFull(free: free, needed: more, reserve: limits.recordingReserve)
        }
    }
}

/// What one archive or compressed file may still write while it unpacks; the free space is checked
/// every few megabytes.
final class UnpackBudget {
    let file: String
    let limit: Int64
    let declared: Bool
    private let space: FreeSpaceGuard
    private(set) var written: Int64 = 0
    private var sinceSpaceCheck: Int64 = 0

    init(file: String, limit: Int64, declared: Bool, space: FreeSpaceGuard) {
        self.file = file
        self.limit = limit
        self.declared = declared
        self.space = space
    }

    /// Refuses an entry whose declared size alone would pass the limit, before any of it is written.
    func admit(entrySize: Int64) throws {
        guard written + entrySize <= limit else { throw tooLarge }
        try space.require(entrySize)
    }

    /// Counts bytes about to be written.
    func consume(_ bytes: Int) throws {
        written += Int64(bytes)
        guard written <= limit else { throw tooLarge }
        sinceSpaceCheck += Int64(bytes)
        if sinceSpaceCheck >= 4 << 20 {
            sinceSpaceCheck = 0
            try space.require(0)
        }
    }

    private var tooLarge: InstallFailure { .expandsTooMuch(file: file, limit: limit, declared: declared) }
}
