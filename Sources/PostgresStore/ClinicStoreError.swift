import Localization

/// Why the clinic store could not do what was asked, in the words a care worker or an administrator
/// reads: where the store is, who asked, and what to do.
public enum ClinicStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// PostgreSQL's client library (libpq, Debian's libpq5) could not be loaded: `reason` is the loader's.
    case clientLibraryMissing(reason: String)
    /// No connection could be made.
    case unreachable(store: String, reason: String)
    /// The server let `role` not in: no such role, not a member, or its authentication failed.
    case refusedConnection(store: String, role: String, refusal: ConnectionRefusal, reason: String)
    /// The store has no schema yet.
    case notInitialized(store: String)
    /// The store's schema is newer than this build knows.
    case newerSchema(store: String, found: Int, known: Int)
    /// The store's schema is older than this build needs: `clinic init` brings it up to date.
    case olderSchema(store: String, found: Int, needed: Int)
    /// The connected role may not do this (a privilege, or one of the store's rules).
    case notAllowed(user: String, reason: String)
    /// A name that cannot be a login role.
    case invalidUserName(String)
    /// Nothing is deleted from the clinic store.
    case neverDeleted(id: Int64)
    /// The server refused for another reason, in its words.
    case refused(reason: String)

    public var description: String {
        switch self {
        case .clientLibraryMissing(let reason):
            tr(
                "The clinic store needs PostgreSQL's client library (package libpq5), which could not be loaded: \(reason). Ask the administrator to install it."
            )
        case .unreachable(let store, let reason):
            tr("The clinic store at \(store) cannot be reached: \(reason)")
        case .refusedConnection(let store, let role, let refusal, let reason):
            Self.words(refusal, store: store, role: role, reason: reason)
        case .notInitialized(let store):
            tr(
                "The clinic store at \(store) is not set up yet: an administrator runs `dictation-station clinic init` for it first."
            )
        case .newerSchema(let store, let found, let known):
            tr(
                "The clinic store at \(store) has schema version \(found), newer than this station knows (\(known)): update the station on this workstation."
            )
        case .olderSchema(let store, let found, let needed):
            tr(
                """
                The clinic store at \(store) has schema version \(found), older than this station needs \
                (\(needed)): an administrator runs `dictation-station clinic init` for it to bring it up to date.
                """)
        case .notAllowed(let user, let reason):
            tr("\(user) may not do that in the clinic store: \(reason)")
        case .invalidUserName(let name):
            tr(
                "“\(name)” cannot be a clinic user: give the login name of an account (lower-case letters, digits, _ and -), not one of the store's own roles."
            )
        case .neverDeleted(let id):
            tr("Report \(id) is kept: nothing is deleted from the clinic store; a wrong report is entered in error.")
        case .refused(let reason):
            tr("The clinic store refused: \(reason)")
        }
    }

    /// What a refused connection means for the person, and who does what about it.
    private static func words(_ refusal: ConnectionRefusal, store: String, role: String, reason: String) -> String {
        switch refusal {
        case .unknownRole:
            tr(
                """
                The clinic store at \(store) does not know the account \(role): ask the administrator to run \
                `dictation-station clinic add-user \(role)`.
                """)
        case .notMember:
            tr(
                """
                \(role) is not a member of the clinic at \(store): ask the administrator to run \
                `dictation-station clinic add-user \(role)`.
                """)
        case .peerMismatch:
            tr(
                """
                The clinic store at \(store) refused the name \(role): on this workstation the server takes each \
                account as itself (peer authentication). Leave user= out of the store's address, or log in as \(role).
                """)
        case .wrongPassword:
            tr(
                """
                The clinic store at \(store) refused \(role): the password is wrong. Correct it in ~/.pgpass, or \
                ask the administrator for a new one (`dictation-station clinic add-user \(role) --password-from-stdin`).
                """)
        case .noPassword:
            tr(
                """
                The clinic store at \(store) wants the password of \(role): keep it in ~/.pgpass (a line \
                host:port:database:\(role):password, the file 0600), never in the store's address.
                """)
        case .certificate:
            tr(
                """
                The clinic store at \(store) wants a client certificate for \(role), and none was given or it does \
                not name \(role) (README: “Several workstations”). The server said: \(reason)
                """)
        case .noHBAEntry:
            tr(
                """
                The clinic store's server at \(store) does not let \(role) connect from here in this way: the \
                administrator adds a line for it to pg_hba.conf (README: “Several workstations”). The server said: \
                \(reason)
                """)
        case .noDatabase:
            tr(
                """
                There is no clinic store at \(store): check its address (dbname=…), or an administrator makes it \
                (createdb, then `dictation-station clinic init`).
                """)
        }
    }
}
