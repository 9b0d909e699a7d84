import Foundation
import Localization

/// Where the clinic store is: a libpq connection string (`host=/var/run/postgresql dbname=clinic`) or a
/// `postgresql://` URI, as `StoreChoice` finds it. Empty means libpq's
/// defaults (the local socket, the database named as the account).
public struct StoreAddress: Sendable, Equatable, CustomStringConvertible {
    public var conninfo: String

    public init(_ conninfo: String) {
        self.conninfo = conninfo
    }

    /// The address as a person is shown it: a password in it is hidden.
    public var description: String {
        if conninfo.trimmingCharacters(in: .whitespaces).isEmpty { return tr("the default PostgreSQL server") }
        return "“\(Self.hidingPassword(conninfo))”"
    }

    /// `password=…` of a connection string and the password of a URI's `user:password@` replaced by `***`.
    static func hidingPassword(_ conninfo: String) -> String {
        var text = conninfo
        if let range = text.range(of: #"password\s*=\s*('([^'\\]|\\.)*'|\S*)"#, options: .regularExpression) {
            text.replaceSubrange(range, with: "password=***")
        }
        if let range = text.range(of: #"(?<=://)[^/@:]*:[^/@]*(?=@)"#, options: .regularExpression) {
            let user = text[range].prefix { $0 != ":" }
            text.replaceSubrange(range, with: "\(user):***")
        }
        return text
    }
}
