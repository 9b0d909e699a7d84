/// Brings a database to `Schema.latestVersion`, or refuses one written by a newer build.
enum Migrator {
    /// The version `connection`'s database is at.
    static func version(of connection: Connection) throws -> Int {
        Int(try connection.integer("PRAGMA user_version"))
    }

    /// Throws `StoreOpenError.newerSchema` when the database is newer than this build.
    static func refuseNewer(_ version: Int, path: String) throws {
        if version > Schema.latestVersion {
            throw StoreOpenError.newerSchema(path: path, found: version, supported: Schema.latestVersion)
        }
    }

    /// Runs every missing migration in one write transaction; another process opening the same
    /// database at the same time waits, then finds it migrated.
    static func migrate(_ connection: Connection, path: String) throws {
        // A database already at this version needs no write lock, so opening it never waits for a writer.
        guard try version(of: connection) < Schema.latestVersion else { return }
        try connection.writeTransaction {
            let current = try version(of: connection)
            try refuseNewer(current, path: path)
            guard current < Schema.latestVersion else { return }
            for migration in Schema.migrations[current...] {
                try connection.execute(migration)
            }
            // PRAGMA takes no bound parameters; the version is this build's own constant.
            try connection.execute("PRAGMA user_version = \(Schema.latestVersion)")
        }
    }
}
