import Foundation
import Localization
import StationCore
import StationSystem
import Synchronization

/// The care workers' voice profiles in the clinic store (`Migration6`), so that a profile follows its
/// author to every workstation: its record, its last training's attempt, and its model folder's files
/// in chunks sealed with their sha256. Each profile is its author's alone: the database lets only the
/// connected role (`session_user`) read, train or reset its own.
///
/// The decoder reads a model from local files, so `modelFolder` copies the stored profile into a private
/// cache of this workstation (`ClinicVoiceProfiles+Cache`). Training stays local: its scratch folders are
/// under the data directory's profiles folder, where the training queue reclaims what a killed one left.
///
/// Its calls block their caller for a round trip or a copy (they are the core's synchronous profile
/// port), on a connection of its own. While the server cannot be reached, the profile last copied here
/// is used, and a new connection is tried at most every `retryInterval`.
public final class ClinicVoiceProfiles: VoiceProfileStore {
    struct Link {
        var connection: PGConnection
        var retryAt: Duration?
    }

    let link: Mutex<Link>
    public let address: StoreAddress
    /// This workstation's private copies of the profiles: `<cache>/<author>/<locale>/<profile id>/`.
    public let cache: URL
    /// Where trainings write their candidates: `<scratch>/<author>/.training-…`.
    public let scratch: URL
    private let clock: any StationClock
    private let retryInterval: Duration
    let log: any StationLog
    static let chunkBytes = 1 << 20

    /// Connects the profiles' own connection to `address`; `waitingForServer`: a server that cannot be
    /// reached now is connected to later.
    public static func connect(
        to address: StoreAddress, cache: URL, scratch: URL, clock: any StationClock = SystemClock(),
        retryInterval: Duration = .seconds(10), log: any StationLog = SilentLog(), waitingForServer: Bool = false
    ) throws(ClinicStoreError) -> ClinicVoiceProfiles {
        let connection = try PGConnection(address, waitingForServer: waitingForServer)
        return ClinicVoiceProfiles(
            connection: connection, address: address, cache: cache, scratch: scratch, clock: clock,
            retryInterval: retryInterval, log: log)
    }

    private init(
        connection: sending PGConnection, address: StoreAddress, cache: URL, scratch: URL, clock: any StationClock,
        retryInterval: Duration, log: any StationLog
    ) {
        link = Mutex(Link(connection: connection))
        self.address = address
        self.cache = cache
        self.scratch = scratch
        self.clock = clock
        self.retryInterval = retryInterval
        self.log = log
    }

    /// Runs `body` on the connection, connected again first when it was lost (at most every
    /// `retryInterval`); a refusal becomes the person's error.
    @discardableResult
    func perform<T: Sendable>(_ body: (PGConnection) throws -> T) throws -> T {
        try link.withLock { link in
            if !link.connection.isOK {
                guard link.retryAt.map({ clock.now >= $0 }) ?? true else {
                    throw ClinicStoreError.unreachable(store: address.description, reason: tr("not connected"))
                }
                link.connection.reconnectIfLost()
                link.retryAt = link.connection.isOK ? nil : clock.now + retryInterval
            }
            do {
                return try body(link.connection)
            } catch let error as PostgresError {
                throw Self.clinicError(error, connection: link.connection, store: address.description)
            }
        }
    }

    static func clinicError(_ error: PostgresError, connection: PGConnection, store: String) -> ClinicStoreError {
        if error.sqlState == PostgresError.insufficientPrivilege || error.sqlState == "DS010" {
            return .notAllowed(user: connection.user, reason: error.message)
        }
        if !connection.isOK { return .unreachable(store: store, reason: error.message) }
        return .refused(reason: error.message)
    }

    /// The connected role: the only author whose profile this store reads and writes.
    public func connectedRole() throws -> String { try sessionUser() }

    func sessionUser() throws -> String {
        try perform { connection in try connection.query("SELECT session_user").first?.first ?? nil } ?? ""
    }

    // MARK: Records

    /// The sealed profile of `author` in `locale`: its id and record; nil when there is none (or it is
    /// another author's, which the database does not show).
    func current(author: String, locale: String) throws -> (id: Int64, record: VoiceProfileRecord)? {
        try perform { connection in
            try connection.query(
                "SELECT id, record FROM dictation.voice_profiles WHERE author = $1 AND locale = $2 AND sealed",
                [author, locale]
            ).first
        }.flatMap { row in
            guard let id = row[0]?.asInt64, let record = Self.record(from: row[1], author: author, locale: locale)
            else { return nil }
            return (id, record)
        }
    }

    /// A stored record, when it reads and names the row's author and locale.
    static func record(from json: String?, author: String, locale: String) -> VoiceProfileRecord? {
        guard let json, let record = try? decoder.decode(VoiceProfileRecord.self, from: Data(json.utf8)),
            record.author == author, record.locale == locale
        else { return nil }
        return record
    }

    public func record(author: String, locale: String) -> VoiceProfileRecord? {
        do {
            return try current(author: author, locale: locale)?.record
        } catch {
            log.log(.warning, "the clinic store's voice profile could not be read: \(error)")
            return cachedProfile(author: author, locale: locale)?.record
        }
    }

    public func all() -> [VoiceProfileRecord] {
        let rows =
            (try? perform { connection in
                try connection.query(
                    "SELECT author, locale, record FROM dictation.voice_profiles WHERE sealed ORDER BY author, locale")
            }) ?? []
        return rows.compactMap { row in Self.record(from: row[2], author: row[0] ?? "", locale: row[1] ?? "") }
    }

    // MARK: Training

    public func scratchFolder(author: String) throws -> URL {
        let name = try Self.checkedAuthor(author)
        try PrivateDirectory.make(scratch.path, creatingParents: true)
        let folder = scratch.appendingPathComponent(name, isDirectory: true)
        try PrivateDirectory.make(folder.path)
        let training = folder.appendingPathComponent(".training-\(UUID().uuidString)", isDirectory: true)
        try PrivateDirectory.make(training.path)
        return training
    }

    /// Stores `model`'s files as the author's new profile and seals it, all in one transaction, which
    /// replaces the profile in use at its commit. The database refuses a record of anyone but the
    /// connected role.
    public func install(model: URL, record: VoiceProfileRecord, scratch: URL) throws {
        let files = try Self.modelFiles(in: model)
        let json = String(decoding: try Self.encoder.encode(record), as: UTF8.self)
        try perform { connection in
            try connection.transaction {
                _ = try Self.insertSealed(files, json: json, locale: record.locale, on: connection)
            }
        }
    }

    /// Inserts a profile with `files` and seals it, inside the caller's transaction; its id.
    static func insertSealed(
        _ files: [URL], json: String, locale: String, on connection: PGConnection
    ) throws
        -> Int64
    {
        let id =
            try connection.query(
                "INSERT INTO dictation.voice_profiles (locale, record) VALUES ($1, $2::jsonb) RETURNING id",
                [locale, json]
            ).first?.first??.asInt64 ?? 0
        for file in files { try store(file, name: file.lastPathComponent, of: id, on: connection) }
        try connection.query("SELECT dictation.seal_voice_profile($1)", [String(id)])
        return id
    }

    /// The files of a model folder; a folder or a link inside it is refused (a model folder is flat).
    static func modelFiles(in model: URL) throws -> [URL] {
        let names = try FileManager.default.contentsOfDirectory(atPath: model.path).sorted()
        return try names.map { name in
            let file = model.appendingPathComponent(name)
            guard try FileStatus.ofEntry(at: file.path)?.kind == .regular else {
                throw ClinicStoreError.refused(
                    reason: tr("\(file.path) is not a plain file of a voice profile's model"))
            }
            return file
        }
    }

    static func store(_ file: URL, name: String, of id: Int64, on connection: PGConnection) throws {
        let descriptor = try PrivateFile.open(file.path, .readOnly)
        defer { descriptor.close() }
        var number = 0
        while true {
            let chunk = try descriptor.read(upTo: chunkBytes)
            if chunk.isEmpty && number > 0 { break }
            try chunk.withUnsafeBytes { bytes in
                try connection.execute(
                    "INSERT INTO dictation.voice_profile_files (profile_id, name, number, chunk) VALUES ($1, $2, $3, $4)",
                    [String(id), name, String(number)], bytes: bytes)
            }
            number += 1
            if chunk.count < chunkBytes { break }
        }
    }

    /// Removes the connected author's profiles and attempts in every locale, here and in the store;
    /// another author's is refused. False when there was none.
    public func reset(author: String) throws -> Bool {
        let me = try sessionUser()
        guard author == me else {
            throw ClinicStoreError.notAllowed(user: me, reason: tr("a voice profile is reset only by its own author"))
        }
        let removed = try perform { connection in
            try connection.transaction {
                try connection.query("DELETE FROM dictation.voice_profile_attempts WHERE author = $1", [author])
                return try connection.query(
                    "DELETE FROM dictation.voice_profiles WHERE author = $1 RETURNING id", [author]
                ).count
            }
        }
        if let name = try? Self.checkedAuthor(author) {
            try? FileManager.default.removeItem(at: cache.appendingPathComponent(name, isDirectory: true))
        }
        return removed > 0
    }

    // MARK: Attempts

    public func lastAttempt(author: String, locale: String) -> VoiceProfileAttempt? {
        let json = try? perform { connection in
            try connection.query(
                "SELECT attempt FROM dictation.voice_profile_attempts WHERE author = $1 AND locale = $2",
                [author, locale]
            ).first?.first ?? nil
        }
        return json.flatMap { $0 }.flatMap { try? Self.decoder.decode(VoiceProfileAttempt.self, from: Data($0.utf8)) }
    }

    public func recordAttempt(_ attempt: VoiceProfileAttempt, author: String, locale: String) throws {
        let me = try sessionUser()
        guard author == me else {
            throw ClinicStoreError.notAllowed(user: me, reason: tr("a voice profile is trained only by its own author"))
        }
        let json = String(decoding: try Self.encoder.encode(attempt), as: UTF8.self)
        try perform { connection in
            try connection.query(
                """
                INSERT INTO dictation.voice_profile_attempts (locale, attempt) VALUES ($1, $2::jsonb)
                ON CONFLICT (author, locale) DO UPDATE SET attempt = EXCLUDED.attempt
                """, [locale, json])
        }
    }

    public func allAttempts() -> [(author: String, locale: String, attempt: VoiceProfileAttempt)] {
        let rows =
            (try? perform { connection in
                try connection.query(
                    "SELECT author, locale, attempt FROM dictation.voice_profile_attempts ORDER BY author, locale")
            }) ?? []
        return rows.compactMap { row in
            guard let author = row[0], let locale = row[1], let json = row[2],
                let attempt = try? Self.decoder.decode(VoiceProfileAttempt.self, from: Data(json.utf8))
            else { return nil }
            return (author, locale, attempt)
        }
    }

    // MARK: Names and JSON

    /// `name` if it can name a folder of the cache: not empty, no path separators, no leading dot, no
    /// control characters, at most 64 characters.
    static func checkedAuthor(_ name: String) throws -> String {
        guard !name.isEmpty, name.count <= 64, !name.hasPrefix("."), !name.contains("/"),
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw ClinicStoreError.refused(reason: tr("'\(name)' cannot name a voice profile")) }
        return name
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
