import Localization

/// Whether the server's pg_hba.conf lets anyone connect to the clinic's database without proving who
/// they are (`trust`): then any role could be claimed, and authors and signatures would mean nothing.
public enum PasswordlessAccess: Sendable, Equatable {
    /// The rules were read: these lines allow `trust` for this database (none: good).
    case checked(trust: [TrustLine])
    /// The rules could not be read (only a superuser may), and why.
    case notChecked(reason: String)

    /// A pg_hba.conf line that allows `trust` for the clinic's database.
    public struct TrustLine: Sendable, Equatable {
        public var number: Int
        /// `local`, `host`, `hostssl`, …
        public var type: String
        public var databases: String
        public var users: String
        public var address: String
    }

    /// Reads the rules as the file is now (`pg_hba_file_rules`, readable by a superuser only).
    static func check(_ connection: PGConnection, user: String) throws(PostgresError) -> PasswordlessAccess {
        do {
            let rows = try connection.query(
                """
                SELECT line_number, type, array_to_string(database, ','), array_to_string(user_name, ','),
                       concat_ws(' ', address, netmask)
                FROM pg_hba_file_rules
                WHERE auth_method = 'trust' AND error IS NULL
                  AND database && ARRAY['all', 'sameuser', 'samerole', current_database()]::text[]
                ORDER BY line_number
                """)
            return .checked(
                trust: rows.map { row in
                    TrustLine(
                        number: Int(row[0] ?? "") ?? 0, type: row[1] ?? "", databases: row[2] ?? "",
                        users: row[3] ?? "", address: row[4] ?? "")
                })
        } catch  where error.sqlState == PostgresError.insufficientPrivilege {
            return .notChecked(
                reason: tr(
                    """
                    only a PostgreSQL superuser may read the server's pg_hba.conf rules, and \(user) is none \
                    (sudo -u postgres dictation-station clinic status)
                    """))
        }
    }

    /// What `clinic status` says: one line, or a warning per line that allows `trust`.
    public var lines: [String] {
        switch self {
        case .checked(let trust) where trust.isEmpty:
            return [tr("Password-less access (trust): none in the server's pg_hba.conf for this database.")]
        case .checked(let trust):
            return trust.map { line in
                let from = line.address.isEmpty ? "" : " \(line.address)"
                return tr(
                    """
                    Warning: pg_hba.conf line \(line.number) (\(line.type)\(from), databases \(line.databases), \
                    users \(line.users)) lets anyone connect as any of those roles without a password (trust), so \
                    who dictated or signed would mean nothing. Change it to peer (local) or scram-sha-256 or cert \
                    (host), then reload the server.
                    """)
            }
        case .notChecked(let reason):
            return [tr("Password-less access (trust): cannot be checked: \(reason).")]
        }
    }
}
