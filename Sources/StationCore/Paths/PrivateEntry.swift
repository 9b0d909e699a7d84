import Foundation
import Localization

/// Why the data directory cannot be used as it is; the message says what to do.
public enum DataDirectoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One of the station's own files or folders is a symbolic link: following it would put patient
    /// data (or its log) wherever the link points.
    case symbolicLink(path: String)
    /// One of the station's own names is taken by something else than it keeps there.
    case unexpectedKind(path: String, expected: String)

    public var description: String {
        switch self {
        case .symbolicLink(let path):
            tr(
                "\(path) is a symbolic link. The station keeps patient data in its own data directory only and does not follow links inside it; move the link away (and what belongs here back), then start again."
            )
        case .unexpectedKind(let path, let expected):
            tr(
                "\(path) is not a \(expected); the station keeps its own \(expected) there. Move it away, then start again."
            )
        }
    }
}

/// The station's own files and folders inside the data directory: never followed when they are links,
/// made private (folders 0700, files 0600) when found looser. Checked with lstat (FileManager's
/// attributes of the item itself), since the core calls no C.
enum PrivateEntry {
    static let directoryMode = 0o700
    static let fileMode = 0o600

    /// Creates `url` as a private folder, or checks and tightens the one there; a looser folder's files
    /// are tightened too, since others could reach them while it was open.
    static func directory(_ url: URL, create: Bool) throws {
        let files = FileManager.default
        if create, (try? files.attributesOfItem(atPath: url.path)) == nil {
            do {
                try files.createDirectory(
                    at: url, withIntermediateDirectories: false, attributes: [.posixPermissions: directoryMode])
                return
            } catch CocoaError.fileWriteFileExists {
                // Another station process made it just now: check what is there like any found folder.
            }
        }
        guard let attributes = try? files.attributesOfItem(atPath: url.path) else { return }
        try refuseLink(url, attributes)
        guard attributes[.type] as? FileAttributeType == .typeDirectory else {
            throw DataDirectoryError.unexpectedKind(path: url.path, expected: "folder")
        }
        guard mode(attributes) & 0o077 != 0 else { return }
        try files.setAttributes([.posixPermissions: directoryMode], ofItemAtPath: url.path)
        for name in try files.contentsOfDirectory(atPath: url.path) {
            try fileIfPresent(url.appendingPathComponent(name), refusingLinks: false)
        }
    }

    /// Checks the file at `url` when there is one: a link is refused (or, inside a folder, left alone),
    /// a regular file looser than 0600 is tightened.
    static func fileIfPresent(_ url: URL, refusingLinks: Bool = true) throws {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return }
        if refusingLinks { try refuseLink(url, attributes) }
        guard attributes[.type] as? FileAttributeType == .typeRegular, mode(attributes) & 0o077 != 0 else { return }
        try FileManager.default.setAttributes([.posixPermissions: fileMode], ofItemAtPath: url.path)
    }

    /// Whether `url` is a symbolic link (not followed).
    static func isLink(_ url: URL) -> Bool {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        return attributes?[.type] as? FileAttributeType == .typeSymbolicLink
    }

    private static func refuseLink(_ url: URL, _ attributes: [FileAttributeKey: Any]) throws {
        if attributes[.type] as? FileAttributeType == .typeSymbolicLink {
            throw DataDirectoryError.symbolicLink(path: url.path)
        }
    }

    private static func mode(_ attributes: [FileAttributeKey: Any]) -> Int {
        (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
    }
}
