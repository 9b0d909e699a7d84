import Foundation
import Localization
import StationCore
import StationSystem

/// A report's audio in the clinic store: written in chunks with the report, in its transaction, sealed
/// with the sha256 the database computes; read back into a private file for playback on any workstation.
extension ClinicStore {
    /// The size of one stored chunk: 1 MB, about 30 s of the station's 16 kHz mono audio.
    static let audioChunkBytes = 1 << 20

    /// What the store keeps of a report's audio.
    public struct StoredAudio: Sendable, Equatable {
        public var sha256: String
        public var bytes: Int64
        public var chunks: Int
    }

    /// Writes the recording `file` as report `id`'s audio, in the caller's transaction, and seals it;
    /// returns what was sealed. A recording that is not there (nothing was captured) stores no audio.
    func storeAudio(of id: Int64, from file: URL) throws -> StoredAudio? {
        guard let descriptor = try Self.openRecording(file) else { return nil }
        defer { descriptor.close() }
        var number = 0
        var total = 0
        while true {
            let chunk = try descriptor.read(upTo: Self.audioChunkBytes)
            if chunk.isEmpty && number > 0 { break }
            try insertChunk(chunk, of: id, number: number)
            number += 1
            total += chunk.count
            if chunk.count < Self.audioChunkBytes { break }
        }
        let digest = try connection.query("SELECT dictation.seal_audio($1)", [String(id)]).first?.first ?? nil
        guard let digest else { throw PostgresError(sqlState: "DS012", message: tr("the audio could not be sealed")) }
        return StoredAudio(sha256: digest, bytes: Int64(total), chunks: number)
    }

    private func insertChunk(_ chunk: [UInt8], of id: Int64, number: Int) throws(PostgresError) {
        let parameters = [String(id), String(number)]
        let sql = "INSERT INTO dictation.report_audio (report_id, number, chunk) VALUES ($1, $2, $3)"
        let failure = chunk.withUnsafeBytes { bytes -> PostgresError? in
            do throws(PostgresError) {
                try connection.execute(sql, parameters, bytes: bytes)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// The recording, or nil when it is not there (nothing was captured).
    private static func openRecording(_ file: URL) throws(Errno) -> FileDescriptor? {
        do {
            return try PrivateFile.open(file.path, .readOnly)
        } catch {
            if error.code == ENOENT { return nil }
            throw error
        }
    }

    /// What the store keeps of report `id`'s audio, or nil when it keeps none.
    public func storedAudio(ofReport id: Int64) async throws -> StoredAudio? {
        try perform {
            try connection.query(
                "SELECT sha256, bytes, chunks FROM dictation.report_audio_digests WHERE report_id = $1", [String(id)]
            ).first.map { row in
                StoredAudio(sha256: row[0] ?? "", bytes: row[1]?.asInt64 ?? 0, chunks: row[2]?.asInt ?? 0)
            }
        }
    }

    /// Writes report `id`'s stored audio into `file`, a new private file (0600), after the database
    /// found its chunks whole (their sha256 as sealed). False when the store keeps no audio for it.
    public func writeAudio(ofReport id: Int64, to file: URL) async throws -> Bool {
        try perform {
            let check = try connection.query(
                """
                SELECT d.chunks, encode(sha256(coalesce(string_agg(a.chunk, ''::bytea ORDER BY a.number), ''::bytea)),
                    'hex') = d.sha256
                FROM dictation.report_audio_digests d
                LEFT JOIN dictation.report_audio a ON a.report_id = d.report_id
                WHERE d.report_id = $1 GROUP BY d.chunks, d.sha256
                """, [String(id)])
            guard let row = check.first, let chunks = row[0]?.asInt else { return false }
            guard row[1] == "t" else {
                throw PostgresError(
                    sqlState: "DS013",
                    message: tr("the audio of report \(id) does not match its sha256: it is damaged and is not played"))
            }
            let descriptor = try PrivateFile.open(file.path, .writeOnly, creating: .exclusively)
            defer { descriptor.close() }
            do {
                for number in 0..<chunks {
                    let bytes =
                        try connection.bytes(
                            "SELECT chunk FROM dictation.report_audio WHERE report_id = $1 AND number = $2",
                            [String(id), String(number)]) ?? []
                    try descriptor.writeAll(bytes)
                }
            } catch {
                try? PrivateFile.remove(file.path)
                throw error
            }
            return true
        }
    }
}
