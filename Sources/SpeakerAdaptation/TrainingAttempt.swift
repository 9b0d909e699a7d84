import Foundation
import StationSystem

/// What the last training of an author's profile for a locale was offered, kept beside their
/// profiles (`<profiles>/<author>/.attempt-<locale>.json`, 0600), so the next one waits for enough new
/// corrected dictations, whether that training was kept, refused or failed.
struct TrainingAttempt: Codable, Equatable {
    var date: Date
    /// The usable dictations then, by audio file name.
    var dictations: Set<String>

    static func key(of dictation: CorrectedDictation) -> String { dictation.audioFile.lastPathComponent }
}

extension SpeakerProfiles {
    func attemptFile(author: String, locale: String) -> URL {
        authorFolder(author).appendingPathComponent(".attempt-\(locale).json")
    }

    func lastAttempt(author: String, locale: String) -> TrainingAttempt? {
        guard let data = FileManager.default.contents(atPath: attemptFile(author: author, locale: locale).path)
        else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(TrainingAttempt.self, from: data)
    }

    func recordAttempt(_ attempt: TrainingAttempt, author: String, locale: String) throws {
        try Self.makePrivateFolder(directory)
        try Self.makePrivateFolder(authorFolder(author))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        try PrivateFile.replace(attemptFile(author: author, locale: locale).path, with: Array(encoder.encode(attempt)))
    }
}
