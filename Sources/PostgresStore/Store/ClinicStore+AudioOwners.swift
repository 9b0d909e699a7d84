import Foundation

/// Which recordings of this workstation's audio folder the clinic store accounts for, so that the rest
/// (a recording no session, report or kept send owns) can be shown and recovered.
extension ClinicStore {
    /// Of `names` (recording file names), those a session of the one connected holds as its dictation,
    /// or a report was made of (its dictation id is the recording's name without its extension).
    public func ownedAudioNames(among names: [String]) async throws -> Set<String> {
        guard !names.isEmpty else { return [] }
        let stems = names.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
        let rows = try perform {
            try connection.query(
                """
                SELECT audio_file FROM dictation.sessions WHERE creator = session_user AND audio_file IS NOT NULL
                UNION SELECT dictation_id FROM dictation.reports WHERE dictation_id = ANY ($1::text[])
                """, [Self.textArray(stems)])
        }
        let owned = Set(rows.compactMap { $0.first ?? nil }.map { URL(fileURLWithPath: $0).lastPathComponent })
        return Set(
            names.filter {
                owned.contains($0) || owned.contains(URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent)
            })
    }

    /// `values` as a PostgreSQL text array literal, each element quoted.
    static func textArray(_ values: [String]) -> String {
        let quoted = values.map {
            "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        return "{" + quoted.joined(separator: ",") + "}"
    }
}
