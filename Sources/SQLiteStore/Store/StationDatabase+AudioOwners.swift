import Foundation
import StationCore

extension StationDatabase {
    /// The file names of the recordings a session (its unsent dictation) or a report owns.
    public func ownedAudioNames() async throws -> Set<String> {
        try await perform { connection in
            let paths = try connection.prepared(
                """
                SELECT audio_file FROM reports WHERE audio_file IS NOT NULL
                UNION SELECT audio_file FROM sessions WHERE audio_file IS NOT NULL
                """
            ).rows { $0.text(0) }
            return Set(paths.map { URL(fileURLWithPath: $0).lastPathComponent })
        }
    }

    /// Whether the database holds no report and no session.
    public func holdsNothing() async throws -> Bool {
        try await perform { connection in
            let count = try connection.prepared(
                "SELECT (SELECT count(*) FROM reports) + (SELECT count(*) FROM sessions)"
            ).firstRow { $0.integer(0) }
            return (count ?? 0) == 0
        }
    }
}
