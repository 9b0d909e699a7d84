import Foundation
import Localization

/// The account a data directory must belong to: the one the station runs as (from the account
/// database, given by the caller, since the core calls no C).
public struct DataDirectoryAccount: Sendable, Equatable {
    public var uid: UInt32
    public var name: String

    public init(uid: UInt32, name: String) {
        self.uid = uid
        self.name = name
    }
}

/// Who owns a file or folder and who may use it, as `ls -l` would show it: said to a person whose data
/// directory cannot be used, so they (or their administrator) know what to change.
struct Ownership: Sendable, Equatable, CustomStringConvertible {
    var owner: String
    var ownerID: UInt32
    var group: String
    /// `drwxrws---`
    var mode: String

    /// What is at `url` itself (a link is not followed); nil when nothing is.
    static func of(_ url: URL) -> Ownership? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return nil }
        let ownerID = (attributes[.ownerAccountID] as? NSNumber)?.uint32Value ?? UInt32.max
        let owner = attributes[.ownerAccountName] as? String ?? "\(ownerID)"
        let group =
            attributes[.groupOwnerAccountName] as? String ?? (attributes[.groupOwnerAccountID] as? NSNumber).map {
                "\($0)"
            } ?? "?"
        let permissions = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
        let type = attributes[.type] as? FileAttributeType
        return Ownership(owner: owner, ownerID: ownerID, group: group, mode: modeWords(permissions, type: type))
    }

    /// "root (group clinic, drwxrws---)"
    var description: String { tr("\(owner) (group \(group), \(mode))") }

    /// The mode as `ls -l` shows it: the type, then owner, group and others, with setuid, setgid and sticky.
    static func modeWords(_ permissions: Int, type: FileAttributeType?) -> String {
        var text =
            switch type {
            case .typeDirectory?: "d"
            case .typeSymbolicLink?: "l"
            case .typeRegular?: "-"
            default: "?"
            }
        let specials = [0o4000, 0o2000, 0o1000]
        let specialLetters: [Character] = ["s", "s", "t"]
        for (index, shift) in [6, 3, 0].enumerated() {
            let bits = (permissions >> shift) & 0o7
            text.append(bits & 4 != 0 ? "r" : "-")
            text.append(bits & 2 != 0 ? "w" : "-")
            let execute = bits & 1 != 0
            if permissions & specials[index] != 0 {
                text.append(execute ? specialLetters[index] : Character(specialLetters[index].uppercased()))
            } else {
                text.append(execute ? "x" : "-")
            }
        }
        return text
    }
}

/// The name of the account this process runs as, for words only (Foundation reads it from the account
/// database, not from `$USER`); decisions use the `DataDirectoryAccount` the caller gives.
func currentAccountName() -> String { NSUserName() }
