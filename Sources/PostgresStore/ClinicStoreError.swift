import Localization

/// Why the clinic store could not do what was asked, in the words a care worker or an administrator
/// reads: where the store is, who asked, and what to do.
public enum ClinicStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No connection could be made.
    case unreachable(store: String, reason: String)
    /// The store has no schema yet.
    case notInitialized(store: String)
    /// The store's schema is newer than this build knows.
    case newerSchema(store: String, found: Int, known: Int)
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
        case .unreachable(let store, let reason):
            tr("The clinic store at \(store) cannot be reached: \(reason)")
        case .notInitialized(let store):
            tr(
                "The clinic store at \(store) is not set up yet: an administrator runs `dictation-station clinic init` for it first."
            )
        case .newerSchema(let store, let found, let known):
            tr(
                "The clinic store at \(store) has schema version \(found), newer than this station knows (\(known)): update the station on this workstation."
            )
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
}
