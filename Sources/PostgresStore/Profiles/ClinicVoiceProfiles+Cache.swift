import Foundation
import Localization
import StationCore
import StationSystem

/// The decoder reads a profile's model from local files: this workstation's private copy of each
/// author's stored profile, `<cache>/<author>/<locale>/<profile id>/` (folders 0700, files 0600) holding
/// `model/` and `profile.json`. A stored profile is never changed, only replaced by one with a new id,
/// so a copy is made once, complete in a hidden folder before one rename names it: a reader gets the old
/// copy or the new one, never a mix. A copy of a profile replaced or reset in the store is removed.
extension ClinicVoiceProfiles {
    /// A profile copied here: the one in use when the server cannot be reached.
    struct CachedProfile {
        var id: Int64
        var folder: URL
        var record: VoiceProfileRecord
    }

    static let recordFileName = "profile.json"

    /// The local copy of `author`'s stored profile in `locale`, made or refreshed now when the store
    /// holds a newer one; nil when the store has none for them. While the server cannot be reached, the
    /// copy made last.
    public func modelFolder(author: String, locale: String) -> URL? {
        guard let folder = try? localeFolder(author: author, locale: locale) else { return nil }
        let stored: (id: Int64, record: VoiceProfileRecord)?
        do {
            stored = try current(author: author, locale: locale)
        } catch {
            log.log(.warning, "the clinic store's voice profile could not be read; using this workstation's copy")
            return cachedProfile(author: author, locale: locale)?.folder.appendingPathComponent("model")
        }
        guard let stored else {
            // Reset, or never trained: no copy of an old one stays behind.
            try? FileManager.default.removeItem(at: folder)
            return nil
        }
        let version = folder.appendingPathComponent(String(stored.id), isDirectory: true)
        let model = version.appendingPathComponent("model", isDirectory: true)
        if !FileManager.default.fileExists(atPath: version.path) {
            do {
                try copy(profile: stored.id, record: stored.record, to: version)
            } catch {
                log.log(.warning, "the voice profile could not be copied from the clinic store: \(error)")
                return cachedProfile(author: author, locale: locale)?.folder.appendingPathComponent("model")
            }
        }
        removeCopies(in: folder, except: String(stored.id))
        return model
    }

    /// `<cache>/<author>/<locale>`, when both can name a folder.
    func localeFolder(author: String, locale: String) throws -> URL {
        let author = try Self.checkedAuthor(author)
        guard !locale.isEmpty, locale.count <= 20, !locale.hasPrefix("."),
            locale.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || "-0123456789".unicodeScalars.contains($0))
            })
        else { throw ClinicStoreError.refused(reason: tr("\"\(locale)\" is not a locale (like en-US).")) }
        return cache.appendingPathComponent(author, isDirectory: true).appendingPathComponent(locale, isDirectory: true)
    }

    /// The newest complete copy of `author`'s profile in `locale` on this workstation.
    func cachedProfile(author: String, locale: String) -> CachedProfile? {
        guard let folder = try? localeFolder(author: author, locale: locale) else { return nil }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let ids = names.compactMap { Int64($0) }.sorted(by: >)
        for id in ids {
            let version = folder.appendingPathComponent(String(id), isDirectory: true)
            let json = FileManager.default.contents(atPath: version.appendingPathComponent(Self.recordFileName).path)
            if let json,
                let record = Self.record(from: String(decoding: json, as: UTF8.self), author: author, locale: locale)
            {
                return CachedProfile(id: id, folder: version, record: record)
            }
        }
        return nil
    }

    /// Copies stored profile `id` into `version`: every file read in one snapshot, after the database
    /// found its chunks whole (their sha256 as sealed), in a hidden folder renamed into place at the end.
    private func copy(profile id: Int64, record: VoiceProfileRecord, to version: URL) throws {
        let parent = version.deletingLastPathComponent()
        try PrivateDirectory.make(parent.path, creatingParents: true)
        let staging = parent.appendingPathComponent(".incoming-\(UUID().uuidString)", isDirectory: true)
        try PrivateDirectory.make(staging.path)
        defer { try? FileManager.default.removeItem(at: staging) }
        let model = staging.appendingPathComponent("model", isDirectory: true)
        try PrivateDirectory.make(model.path)
        try perform { connection in
            try connection.transaction {
                try connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                let files = try connection.query(
                    """
                    SELECT d.name, d.chunks,
                        encode(sha256(string_agg(f.chunk, ''::bytea ORDER BY f.number)), 'hex') = d.sha256
                    FROM dictation.voice_profile_digests d
                    JOIN dictation.voice_profile_files f ON f.profile_id = d.profile_id AND f.name = d.name
                    WHERE d.profile_id = $1 GROUP BY d.name, d.chunks, d.sha256 ORDER BY d.name
                    """, [String(id)])
                guard !files.isEmpty else {
                    throw PostgresError(
                        sqlState: "DS013", message: tr("voice profile \(id) was replaced or reset meanwhile"))
                }
                for row in files {
                    guard let name = row[0], !name.contains("/"), !name.hasPrefix("."), let chunks = row[1]?.asInt,
                        row[2] == "t"
                    else {
                        throw PostgresError(
                            sqlState: "DS013",
                            message: tr("voice profile \(id) does not match its sha256: it is damaged and is not used"))
                    }
                    let descriptor = try PrivateFile.open(
                        model.appendingPathComponent(name).path, .writeOnly, creating: .exclusively)
                    defer { descriptor.close() }
                    for number in 0..<chunks {
                        let bytes =
                            try connection.bytes(
                                "SELECT chunk FROM dictation.voice_profile_files WHERE profile_id = $1 AND name = $2 AND number = $3",
                                [String(id), name, String(number)]) ?? []
                        try descriptor.writeAll(bytes)
                    }
                }
            }
        }
        try PrivateFile.write(
            Array(try Self.encoder.encode(record)), toNew: staging.appendingPathComponent(Self.recordFileName).path)
        do {
            try FileManager.default.moveItem(at: staging, to: version)
        } catch  where FileManager.default.fileExists(atPath: version.path) {
            // Another process of this data directory copied it first: the same profile.
        }
    }

    /// Removes the copies of profiles the store no longer holds (hidden folders are copies in progress).
    private func removeCopies(in folder: URL, except kept: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name != kept && !name.hasPrefix(".") {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
