import Foundation
import Localization
import StationSystem

/// The workstation's `store.conf`: comment lines (`#`) and one `store = CONNECTION` line, where
/// CONNECTION is what `--store` takes (a libpq connection string such as `service=clinic` or
/// `host=db.clinic.lan dbname=clinic sslmode=verify-full`, or a `postgresql://` URI).
///
/// Every account reads it and it decides where every account's reports go, so it is used only when
/// the administrator (root) or the reading account owns it and no one else may write it; and it never
/// holds a password, which would be everyone's.
enum WorkstationStoreFile {
    /// The file's text, nil when there is none; refused when it cannot be trusted or read.
    static func read(_ path: String) throws(StoreConfigurationError) -> String? {
        let found: (text: String, status: FileStatus)?
        do {
            found = try SharedFile.read(path)
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
        guard let found else { return nil }
        let status = found.status
        let trustedOwner = status.owner == 0 || status.owner == LoginAccount.current.uid
        guard trustedOwner, status.permissions & 0o022 == 0 else {
            throw .untrusted(
                path: path, owner: LoginAccount.of(uid: status.owner).name, group: GroupName.of(gid: status.group),
                mode: status.modeWords)
        }
        return found.text
    }

    /// The connection the text names, nil when it names none (only comments).
    static func parse(_ text: String, path: String) throws(StoreConfigurationError) -> String? {
        var store: String?
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "="),
                line[..<equals].trimmingCharacters(in: .whitespaces) == "store", store == nil
            else {
                throw .notUnderstood(path: path, line: index + 1, text: line)
            }
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else { throw .notUnderstood(path: path, line: index + 1, text: line) }
            guard StoreAddress.hidingPassword(value) == value else { throw .holdsPassword(path: path) }
            store = value
        }
        return store
    }
}

/// Why the workstation's store file cannot be used; each says what to do.
public enum StoreConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case untrusted(path: String, owner: String, group: String, mode: String)
    case notUnderstood(path: String, line: Int, text: String)
    case holdsPassword(path: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            tr(
                """
                The workstation's clinic store file \(path) cannot be read (\(reason)). An administrator makes \
                it readable by every account: sudo chmod 644 \(path)
                """)
        case .untrusted(let path, let owner, let group, let mode):
            tr(
                """
                The workstation's clinic store file \(path) is not used: it belongs to \(owner) (group \(group), \
                \(mode)), and it decides where every account's reports go, so only root may change it. An \
                administrator runs: sudo chown root:root \(path) && sudo chmod 644 \(path)
                """)
        case .notUnderstood(let path, let line, let text):
            tr(
                """
                \(path), line \(line): “\(text)” is not understood. The file holds one line \
                `store = CONNECTION` (a libpq connection string such as `service=clinic`, or a postgresql:// \
                address) and comment lines beginning with #.
                """)
        case .holdsPassword(let path):
            tr(
                """
                \(path) holds a password, which every account of this workstation can read: it is not used. Take \
                the password out; each care worker keeps their own in ~/.pgpass (0600), or the clinic uses peer \
                authentication or client certificates (README: “A clinic store”).
                """)
        }
    }
}
