import Foundation
import Localization
import StationSystem

/// Where a station's control socket is: one per login account and per station (its data directory, and
/// its clinic store when it has one). With a runtime directory that several accounts share, or several
/// stations of one account on other data directories, a `ctl` then reaches only the station it names.
public enum ControlSocketPath {
    /// `$XDG_RUNTIME_DIR/dictation-station-<uid>/station-<key>.sock`, in a folder of the account's own
    /// (0700), where `<key>` stands for the data directory and the store; without `XDG_RUNTIME_DIR`,
    /// `control.sock` in the data directory, which is the account's own already.
    public static func path(
        environment: [String: String], dataDirectory: URL, store: String? = nil,
        account: uid_t = LoginAccount.current.uid
    ) -> URL {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else {
            return dataDirectory.appendingPathComponent("control.sock")
        }
        return URL(fileURLWithPath: runtime).appendingPathComponent(accountFolderName(account), isDirectory: true)
            .appendingPathComponent("station-\(key(dataDirectory: dataDirectory, store: store)).sock")
    }

    /// The runtime directory's folder of one account.
    static func accountFolderName(_ account: uid_t) -> String { "dictation-station-\(account)" }

    /// Sixteen hex digits standing for the station: its data directory (links resolved, so two ways to
    /// one folder are one station) and its store. FNV-1a, stable across processes and builds (Swift's
    /// `Hasher` is seeded per process); a name, not a secret.
    static func key(dataDirectory: URL, store: String?) -> String {
        let directory = dataDirectory.standardizedFileURL.resolvingSymlinksInPath().path
        let text = directory + "\n" + (store ?? "")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Makes the folder of `path` ready when it is an account's runtime folder: created 0700 when
    /// missing; one that belongs to another account (made there to catch this account's
    /// commands), is refused, saying whose it is. Other folders (the data directory) are left as they are.
    static func prepareFolder(of path: URL, account: uid_t = LoginAccount.current.uid) throws(ControlSocketError) {
        let folder = path.deletingLastPathComponent()
        guard folder.lastPathComponent == accountFolderName(account) else { return }
        // A link of this account's own is refused by PrivateDirectory, in words.
        if let found = try? FileStatus.ofEntry(at: folder.path), found.owner != account {
            throw .foreignFolder(path: folder.path, owner: LoginAccount.of(uid: found.owner).name)
        }
        do {
            try PrivateDirectory.make(folder.path)
        } catch {
            throw .cannotListen(reason: error.description)
        }
    }
}

/// Why a station has no control socket, or why `ctl` would not talk to the one it found.
public enum ControlSocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The account's runtime folder is someone else's.
    case foreignFolder(path: String, owner: String)
    /// The socket at the path belongs to a station of another account.
    case foreignStation(path: String, owner: String)
    case cannotListen(reason: String)

    public var description: String {
        switch self {
        case .foreignFolder(let path, let owner):
            tr(
                """
                \(path) belongs to \(owner), not to \(LoginAccount.current.name): the station keeps its control \
                socket only in a folder of its own account. Remove that folder (or ask the administrator to), \
                then start again
                """)
        case .foreignStation(let path, let owner):
            tr(
                """
                the control socket \(path) belongs to a station of \(owner), not of \(LoginAccount.current.name): \
                nothing was sent
                """)
        case .cannotListen(let reason): reason
        }
    }
}
