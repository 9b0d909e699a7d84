import Foundation
import Localization
import StationCore

/// A one-person station's voice profile brought into the clinic store (`clinic import-station`).
extension ClinicVoiceProfiles {
    /// What became of a station's profile.
    public enum ProfileImport: Sendable, Equatable {
        /// Stored now, its files checked against the station's.
        case imported
        /// The store holds this very profile already (an earlier run): nothing was changed.
        case alreadyThere
        /// The store holds a profile of the author trained later (on another workstation): it is kept.
        case newerInStore
    }

    /// Stores the station's profile `record` with the files of `model` (read, never changed), in one
    /// transaction that checks, before its commit, that the database's sha256 of every file sealed is
    /// the station's (`digests`, by file name): a difference keeps nothing. A profile the store holds
    /// with the same record and files is left as it is, and so is one trained later.
    public func importProfile(
        model: URL, record: VoiceProfileRecord, digests: [String: String]
    ) throws
        -> ProfileImport
    {
        let files = try Self.modelFiles(in: model)
        let json = String(decoding: try Self.encoder.encode(record), as: UTF8.self)
        return try perform { connection in
            try connection.transaction { () throws -> ProfileImport in
                try connection.query(
                    "SELECT pg_advisory_xact_lock(hashtextextended('dictation voice profile ' || session_user || $1, 0))",
                    [record.locale])
                let current = try connection.query(
                    "SELECT id, record FROM dictation.voice_profiles WHERE author = session_user AND locale = $1 AND sealed",
                    [record.locale]
                ).first
                if let current, let id = current[0]?.asInt64 {
                    let stored = Self.record(from: current[1], author: record.author, locale: record.locale)
                    if stored == record, try Self.digests(of: id, on: connection) == digests { return .alreadyThere }
                    if let stored, stored.created >= record.created { return .newerInStore }
                }
                let id = try Self.insertSealed(files, json: json, locale: record.locale, on: connection)
                guard try Self.digests(of: id, on: connection) == digests else {
                    throw ClinicStoreError.refused(
                        reason: tr("the voice profile's files in the clinic store differ from the station's"))
                }
                return .imported
            }
        }
    }

    /// The sha256 the database sealed for each file of profile `id`, by name.
    static func digests(of id: Int64, on connection: PGConnection) throws -> [String: String] {
        let rows = try connection.query(
            "SELECT name, sha256 FROM dictation.voice_profile_digests WHERE profile_id = $1", [String(id)])
        return Dictionary(rows.map { ($0[0] ?? "", $0[1] ?? "") }, uniquingKeysWith: { first, _ in first })
    }
}
