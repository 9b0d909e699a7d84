import Localization

/// A login role of the clinic: a care worker's account, and whether they are a transcriptionist.
public struct ClinicUser: Sendable, Equatable {
    public var name: String
    public var isTranscriptionist: Bool

    public init(name: String, isTranscriptionist: Bool) {
        self.name = name
        self.isTranscriptionist = isTranscriptionist
    }
}

/// What `clinic status` shows: the schema, who belongs to the clinic, and whether the server lets
/// anyone in without a password.
public struct ClinicStatus: Sendable, Equatable {
    public var store: String
    public var connectedAs: String
    public var schemaVersion: Int
    public var users: [ClinicUser]
    public var passwordlessAccess: PasswordlessAccess
}

/// What `clinic init` did.
public struct ClinicSetUp: Sendable, Equatable {
    public var versionBefore: Int
    public var versionAfter: Int
}

/// What `clinic add-user` did.
public struct AddedUser: Sendable, Equatable {
    public var user: ClinicUser
    /// False when the role was there already (it is made a member of what was asked, nothing else changes).
    public var roleCreated: Bool
    /// Whether a password was set (for connections from other workstations).
    public var passwordSet: Bool
}

extension ClinicStore {
    /// Sets up the store, or brings its schema up to this build's (`ClinicSchema.migrate`).
    public func initialize() throws(ClinicStoreError) -> ClinicSetUp {
        try initialize(upTo: ClinicSchema.latestVersion)
    }

    /// Sets up the store up to schema `version` only: the store of an older build, to test an upgrade.
    func initialize(upTo version: Int) throws(ClinicStoreError) -> ClinicSetUp {
        let outcome = try ClinicSchema.migrate(connection, store: address.description, upTo: version)
        return ClinicSetUp(versionBefore: outcome.versionBefore, versionAfter: outcome.versionAfter)
    }

    /// Makes `name` (an OS account's login name) a clinic user: a login role of that name, member of
    /// `clinic`, and of `transcriptionist` when asked. Peer authentication then lets that account, and
    /// only it, connect as that role. A superuser is refused: the store's rules would not bind it.
    /// With `password`, the role gets it for connections from other workstations (SCRAM-SHA-256): only
    /// its verifier, computed here, is sent, so the password is in no statement and no server log.
    public func addUser(
        _ name: String, transcriptionist: Bool, password: String? = nil
    ) throws(ClinicStoreError)
        -> AddedUser
    {
        guard ClinicRoles.isAccountName(name), !ClinicRoles.isReserved(name) else { throw .invalidUserName(name) }
        do {
            return try connection.transaction { () throws -> AddedUser in
                let existing = try connection.query(
                    "SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = $1", [name])
                if existing.first?.first == "t" {
                    throw PostgresError(
                        sqlState: "DS020",
                        message: tr(
                            "\(name) is a PostgreSQL superuser (or bypasses row-level security), so the clinic's rules would not bind it; give the care worker a role of their own."
                        ))
                }
                let role = try quotedIdentifier(name)
                if existing.isEmpty { try connection.execute("CREATE ROLE \(role) LOGIN") }
                try connection.execute("GRANT clinic TO \(role)")
                if transcriptionist { try connection.execute("GRANT transcriptionist TO \(role)") }
                if let password {
                    let verifier = try connection.scramVerifier(password, role: name)
                    let statement = try connection.query(
                        "SELECT format('ALTER ROLE %I PASSWORD %L', $1::text, $2::text)", [name, verifier])
                    try connection.execute(statement.first?.first.flatMap { $0 } ?? "")
                }
                let isTranscriptionist =
                    try connection.query(
                        "SELECT pg_has_role($1, 'transcriptionist', 'MEMBER')", [name]
                    ).first?.first == "t"
                return AddedUser(
                    user: ClinicUser(name: name, isTranscriptionist: isTranscriptionist), roleCreated: existing.isEmpty,
                    passwordSet: password != nil)
            }
        } catch let error as PostgresError {
            throw administrationError(error)
        } catch {
            throw .refused(reason: "\(error)")
        }
    }

    /// The schema version and the clinic's users with their roles; any member may ask.
    public func status() throws(ClinicStoreError) -> ClinicStatus {
        do {
            let version = try ClinicSchema.version(connection)
            let rows = try connection.query(
                """
                SELECT m.rolname, EXISTS (
                    SELECT FROM pg_auth_members t JOIN pg_roles tr ON tr.oid = t.roleid
                    WHERE tr.rolname = 'transcriptionist' AND t.member = m.oid)
                FROM pg_auth_members a
                JOIN pg_roles c ON c.oid = a.roleid AND c.rolname = 'clinic'
                JOIN pg_roles m ON m.oid = a.member
                ORDER BY m.rolname
                """)
            let users = rows.compactMap { row in
                row[0].map { ClinicUser(name: $0, isTranscriptionist: row[1] == "t") }
            }
            let connectedAs = try connection.query("SELECT session_user").first?.first.flatMap { $0 } ?? user
            return ClinicStatus(
                store: address.description, connectedAs: connectedAs, schemaVersion: version, users: users,
                passwordlessAccess: try PasswordlessAccess.check(connection, user: connectedAs))
        } catch {
            throw administrationError(error)
        }
    }

    /// A role name quoted by the server itself (`format('%I')`), so any name is one identifier.
    private func quotedIdentifier(_ name: String) throws(PostgresError) -> String {
        try connection.query("SELECT format('%I', $1::text)", [name]).first?.first.flatMap { $0 } ?? "\"\""
    }

    private func administrationError(_ error: PostgresError) -> ClinicStoreError {
        if error.sqlState == PostgresError.insufficientPrivilege {
            return .notAllowed(
                user: user, reason: tr("managing the clinic's users needs a PostgreSQL superuser: \(error.message)"))
        }
        if error.sqlState == PostgresError.undefinedTable || error.sqlState == PostgresError.invalidSchemaName
            || error.message.contains("role \"clinic\" does not exist")
        {
            return .notInitialized(store: address.description)
        }
        if error.sqlState == "DS020" { return .notAllowed(user: user, reason: error.message) }
        return clinicError(error)
    }
}
