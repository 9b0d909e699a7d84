import Foundation
import StationSystem

/// A file's identity and last change, to tell whether it changed since it was read.
struct FileStamp: Equatable, Sendable {
    let inode: UInt64
    let size: Int64
    let modified: Int64
    let modifiedNanoseconds: Int

    /// The stamp of the file at `url` (not followed when a link), nil when there is none.
    init?(of url: URL) {
        guard let status = try? FileStatus.ofEntry(at: url.path), status.kind == .regular else { return nil }
        inode = status.inode
        size = status.size
        modified = status.modifiedSeconds
        modifiedNanoseconds = status.modifiedNanoseconds
    }
}
