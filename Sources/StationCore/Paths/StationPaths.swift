import Foundation

/// Where the station keeps its files. Everything below `dataDirectory` is patient data or serves it:
/// directories are created 0700 and files 0600.
public struct StationPaths: Sendable, Equatable {
    public var dataDirectory: URL

    public init(dataDirectory: URL) { self.dataDirectory = dataDirectory }

    /// The data directory chosen by `--data-dir`, else `DICTATION_STATION_HOME`, else
    /// `$XDG_DATA_HOME/dictation-station`, else `~/.local/share/dictation-station`.
    public static func resolve(option: String?, environment: [String: String]) -> StationPaths {
        if let option, !option.isEmpty { return StationPaths(dataDirectory: URL(fileURLWithPath: option)) }
        if let home = environment["DICTATION_STATION_HOME"], !home.isEmpty {
            return StationPaths(dataDirectory: URL(fileURLWithPath: home))
        }
        // XDG: a relative XDG_DATA_HOME is invalid and must be ignored.
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return StationPaths(dataDirectory: URL(fileURLWithPath: xdg).appendingPathComponent("dictation-station"))
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return StationPaths(
            dataDirectory: URL(fileURLWithPath: home).appendingPathComponent(".local/share/dictation-station"))
    }

    /// The SQLite database of reports, sessions and settings.
    public var database: URL { dataDirectory.appendingPathComponent("station.sqlite3") }
    /// Recordings: those in progress and those kept with their reports.
    public var audioDirectory: URL { dataDirectory.appendingPathComponent("audio", isDirectory: true) }
    /// Installed speech models, one folder per locale.
    public var modelsDirectory: URL { dataDirectory.appendingPathComponent("models", isDirectory: true) }
    /// The diagnostic log (never patient data).
    public var logFile: URL { dataDirectory.appendingPathComponent("station.log") }
    /// Held (flock) by the one station process that captures.
    public var captureLock: URL { dataDirectory.appendingPathComponent("capture.lock") }
    /// Reports exported from the screen, as text and JSON.
    public var exportsDirectory: URL { dataDirectory.appendingPathComponent("exports", isDirectory: true) }
    /// The words the clinic added to decoding, one dictionary file per locale.
    public var vocabularyDirectory: URL { dataDirectory.appendingPathComponent("vocabulary", isDirectory: true) }
    /// The authors' voice profiles, and the scratch folders their trainings work in.
    public var profilesDirectory: URL { dataDirectory.appendingPathComponent("profiles", isDirectory: true) }
    /// The editor's private copies of reports being corrected with `E`.
    public var editingDirectory: URL { dataDirectory.appendingPathComponent("editing", isDirectory: true) }
    /// The claim files (flock) by which one station process owns a dictation or edits a report.
    public var claimsDirectory: URL { dataDirectory.appendingPathComponent("claims", isDirectory: true) }

    /// The files the station keeps at the top of the data directory (the database with its WAL and
    /// shared memory, the log, the capture lock).
    public var ownFiles: [URL] {
        [
            database, URL(fileURLWithPath: database.path + "-wal"), URL(fileURLWithPath: database.path + "-shm"),
            logFile, captureLock,
        ]
    }

    /// The file a new recording of a session goes to: `<session>-<milliseconds>-<random>.wav`, a name no
    /// other process picks even for the same session in the same millisecond (the capture creates it
    /// exclusively as well).
    public func newAudioFile(for session: SessionID, at time: Date) -> URL {
        let stamp = Int64(time.timeIntervalSince1970 * 1000)
        let random = UUID().uuidString.lowercased().prefix(8)
        return audioDirectory.appendingPathComponent("\(session.rawValue)-\(stamp)-\(random).wav")
    }

    /// Makes the data directory ready and private: creates it and its audio and models folders (0700),
    /// refuses (`DataDirectoryError`) when one of the station's own files or folders inside it is a
    /// symbolic link, and tightens those found readable by others (folders 0700, files 0600). The data
    /// directory itself may be a link the administrator made, onto an encrypted volume for example.
    ///
    /// With `account`, a data directory (or an entry of the station's inside it) that belongs to another
    /// account is refused before anything is made or changed: it is a folder several accounts share, which
    /// cannot say who did what. Without it, a change only the owner may make is refused in the same words.
    public func createDirectories(for account: DataDirectoryAccount? = nil) throws {
        let files = FileManager.default
        let directory = dataDirectory.resolvingSymlinksInPath()
        let accountName = account?.name ?? currentAccountName()
        if let found = Ownership.of(directory) {
            if let account, found.ownerID != account.uid {
                throw DataDirectoryError.notYours(
                    path: dataDirectory.path, ownership: "\(found)", account: account.name)
            }
        } else {
            do {
                try files.createDirectory(
                    at: dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch CocoaError.fileWriteNoPermission {
                var parent = directory.deletingLastPathComponent()
                while Ownership.of(parent) == nil, parent.path != "/" { parent = parent.deletingLastPathComponent() }
                throw DataDirectoryError.cannotCreate(
                    path: dataDirectory.path, parent: parent.path,
                    ownership: Ownership.of(parent).map { "\($0)" } ?? "?", account: accountName)
            }
        }
        if let mode = (try? files.attributesOfItem(atPath: directory.path))?[.posixPermissions] as? NSNumber,
            mode.intValue & 0o7077 != 0
        {
            do {
                try files.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
            } catch CocoaError.fileWriteNoPermission {
                throw DataDirectoryError.notYours(
                    path: dataDirectory.path, ownership: Ownership.of(directory).map { "\($0)" } ?? "?",
                    account: accountName)
            }
        }
        for directory in [audioDirectory, modelsDirectory] {
            try PrivateEntry.directory(directory, create: true, account: account)
        }
        for directory in [exportsDirectory, claimsDirectory, profilesDirectory, vocabularyDirectory, editingDirectory] {
            try PrivateEntry.directory(directory, create: false, account: account)
        }
        for file in ownFiles { try PrivateEntry.fileIfPresent(file, account: account) }
    }
}
