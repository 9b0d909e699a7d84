/// The roles of a clinic store. Roles belong to the whole PostgreSQL server, not to one database.
public enum ClinicRoles {
    /// Owns every table and function; no person logs in as it.
    public static let owner = "dictation_owner"
    /// Every care worker's login role is a member: they read the reports and dictate their own.
    public static let clinic = "clinic"
    /// Typists: correct other authors' drafts, never sign.
    public static let transcriptionist = "transcriptionist"
    /// The schema every table of the store lives in.
    public static let schema = "dictation"

    /// Names a login role may not take: the store's own roles and PostgreSQL's.
    static func isReserved(_ name: String) -> Bool {
        [owner, clinic, transcriptionist, "postgres", "public"].contains(name) || name.hasPrefix("pg_")
    }

    /// Whether `name` is a login name as Debian's `adduser` accepts it (and so a peer-authenticated
    /// role): lower-case letters, digits, `_` and `-`, not starting with a digit or `-`, at most 32.
    static func isAccountName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 32 else { return false }
        let lower: ClosedRange<Unicode.Scalar> = "a"..."z"
        let digits: ClosedRange<Unicode.Scalar> = "0"..."9"
        func allowed(_ c: Unicode.Scalar) -> Bool { lower.contains(c) || digits.contains(c) || c == "_" || c == "-" }
        return (lower.contains(first) || first == "_") && name.unicodeScalars.allSatisfy(allowed)
    }
}
