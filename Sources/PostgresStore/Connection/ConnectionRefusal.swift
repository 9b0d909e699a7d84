import Foundation

/// Why the server would not let a connection in, read from libpq's message, so that a care worker is
/// told what to do ("ask the administrator to run `clinic add-user anna`") instead of the server's words.
public enum ConnectionRefusal: Sendable, Equatable {
    /// No role of the account's name.
    case unknownRole
    /// A role, but not one of the clinic's (no CONNECT privilege on its database).
    case notMember
    /// Peer authentication: the OS account is not the role asked for.
    case peerMismatch
    /// SCRAM or md5: the password is wrong.
    case wrongPassword
    /// The server wants a password and none was given.
    case noPassword
    /// The server wants a client certificate, or the one given does not name the role.
    case certificate
    /// pg_hba.conf has no line that lets this connection in.
    case noHBAEntry
    /// The database does not exist.
    case noDatabase

    /// The refusal libpq's `message` (of a failed connection) says, if it is one of these.
    init?(message: String) {
        let rules: [(String, ConnectionRefusal)] = [
            (#"role ".*" does not exist"#, .unknownRole),
            (#"permission denied for database"#, .notMember),
            (#"Peer authentication failed for user"#, .peerMismatch),
            (#"password authentication failed for user"#, .wrongPassword),
            (#"no password supplied"#, .noPassword),
            (
                #"certificate authentication failed|requires a valid client certificate|certificate.*does not match"#,
                .certificate
            ),
            (#"no pg_hba\.conf entry"#, .noHBAEntry),
            (#"database ".*" does not exist"#, .noDatabase),
        ]
        guard let rule = rules.first(where: { message.range(of: $0.0, options: .regularExpression) != nil }) else {
            return nil
        }
        self = rule.1
    }
}
