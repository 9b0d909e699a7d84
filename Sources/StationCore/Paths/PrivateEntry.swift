import Foundation
import Localization

/// Why the data directory cannot be used as it is; the message says what to do.
public enum DataDirectoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One of the station's own files or folders is a symbolic link: following it would put patient
    /// data (or its log) wherever the link points.
    case symbolicLink(path: String)
    /// One of the station's own names is taken by something else than it keeps there.
    case unexpectedKind(path: String, expected: String)
    /// The data directory belongs to another account: a folder shared by several accounts.
    case notYours(path: String, ownership: String, account: String)
    /// Something inside the data directory belongs to another account, which has used it too.
    case entryNotYours(path: String, ownership: String, account: String)
    /// The data directory cannot be made where it was asked for.
    case cannotCreate(path: String, parent: String, ownership: String, account: String)

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
        case .notYours(let path, let ownership, let account):
            tr(
                """
                The data directory \(path) belongs to \(ownership), not to \(account), and the station does not \
                change another account's folder. A data directory is one person's: a folder several accounts share \
                cannot say who dictated or signed a report, since whoever can write its files can change any \
                report. For a clinic, use the clinic store (README: “A clinic store”); for \(account) alone, leave \
                out --data-dir (a private folder in the home directory is used) or choose a folder of \(account)'s own.
                """)
        case .entryNotYours(let path, let ownership, let account):
            tr(
                """
                \(path) belongs to \(ownership), not to \(account): another account has used this data directory. \
                A data directory is one person's, and the station does not change another account's files. Move \
                it away (as its owner or an administrator), or use a data directory of \(account)'s own; for a \
                clinic, the clinic store (README: “A clinic store”).
                """)
        case .cannotCreate(let path, let parent, let ownership, let account):
            tr(
                """
                The data directory \(path) cannot be made: \(parent) belongs to \(ownership), and \(account) may not \
                create folders in it. Leave out --data-dir (a private folder in the home directory is used), \
                choose a folder \(account) may write, or ask the administrator to make it: \
                sudo install -d -o \(account) -m 700 \(path)
                """)
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
    static func directory(_ url: URL, create: Bool, account: DataDirectoryAccount? = nil) throws {
        let files = FileManager.default
        // Read once for both questions: each read looks the owner and group up in the account database.
        var found = try? files.attributesOfItem(atPath: url.path)
        if create, found == nil {
            do {
                try files.createDirectory(
                    at: url, withIntermediateDirectories: false, attributes: [.posixPermissions: directoryMode])
                return
            } catch CocoaError.fileWriteFileExists {
                // Another station process made it just now: check what is there like any found folder.
                found = try? files.attributesOfItem(atPath: url.path)
            }
        }
        guard let attributes = found else { return }
        try refuseLink(url, attributes)
        guard attributes[.type] as? FileAttributeType == .typeDirectory else {
            throw DataDirectoryError.unexpectedKind(path: url.path, expected: tr("folder"))
        }
        try refuseOtherOwner(url, attributes, account)
        guard mode(attributes) & 0o077 != 0 else { return }
        try makePrivate(url, mode: directoryMode, account: account)
        for name in try files.contentsOfDirectory(atPath: url.path) {
            try fileIfPresent(url.appendingPathComponent(name), refusingLinks: false, account: account)
        }
    }

    /// Checks the file at `url` when there is one: a link is refused (or, inside a folder, left alone),
    /// a regular file looser than 0600 is tightened.
    static func fileIfPresent(_ url: URL, refusingLinks: Bool = true, account: DataDirectoryAccount? = nil) throws {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return }
        if refusingLinks { try refuseLink(url, attributes) }
        try refuseOtherOwner(url, attributes, account)
        guard attributes[.type] as? FileAttributeType == .typeRegular, mode(attributes) & 0o077 != 0 else { return }
        try makePrivate(url, mode: fileMode, account: account)
    }

    /// Sets `mode` on the station's own entry at `url`; an entry of another account, which only its owner
    /// may change, is said so (whose it is), never as the system's error.
    static func makePrivate(_ url: URL, mode: Int, account: DataDirectoryAccount? = nil) throws {
        try refuseOtherOwner(url, account)
        do {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        } catch CocoaError.fileWriteNoPermission {
            let ownership = Ownership.of(url).map { "\($0)" } ?? tr("another account")
            throw DataDirectoryError.entryNotYours(
                path: url.path, ownership: ownership, account: account?.name ?? currentAccountName())
        }
    }

    /// Whether `url` is a symbolic link (not followed).
    static func isLink(_ url: URL) -> Bool {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        return attributes?[.type] as? FileAttributeType == .typeSymbolicLink
    }

    /// `refuseOtherOwner` with the attributes already read: the owner's and group's names (the account
    /// database read again, twice, for every entry) only when there is a refusal to word.
    private static func refuseOtherOwner(
        _ url: URL, _ attributes: [FileAttributeKey: Any], _ account: DataDirectoryAccount?
    ) throws {
        // An owner that cannot be read counts as another's, as `Ownership.of` has it.
        let owner = (attributes[.ownerAccountID] as? NSNumber)?.uint32Value ?? UInt32.max
        guard let account, owner != account.uid else { return }
        try refuseOtherOwner(url, account)
    }

    /// With `account`, an entry of another account is refused, saying whose it is.
    private static func refuseOtherOwner(_ url: URL, _ account: DataDirectoryAccount?) throws {
        if let account, let ownership = Ownership.of(url), ownership.ownerID != account.uid {
            throw DataDirectoryError.entryNotYours(path: url.path, ownership: "\(ownership)", account: account.name)
        }
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
