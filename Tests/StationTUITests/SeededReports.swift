import Foundation
import SQLiteStore
import StationCore

/// Reports with the decoder's words written straight into a station's real SQLite file before the
/// binary opens it, so a tmux test knows which words are unsure and where.
enum SeededReports {
    /// Adds a draft of `text` whose decoder words are `words` (text and confidence, 0.6 s apart).
    @discardableResult
    static func add(
        _ text: String, words: [(String, Double)], session: String = "Room 12 - Anna Jansen", to data: String
    ) async throws -> Report {
        let database = try await StationDatabase.open(StationPaths(dataDirectory: URL(fileURLWithPath: data)))
        let recognized = words.enumerated().map { index, word in
            RecognizedWord(
                text: word.0, start: .milliseconds(600 * index), end: .milliseconds(600 * index + 500),
                confidence: word.1)
        }
        return try await database.add(
            NewReport(
                sessionName: session, locale: "en-US", created: Date(), audioDuration: .seconds(words.count),
                audioFile: nil, text: text, author: nil, words: recognized))
    }

    /// Adds a draft of `text` with the decoder's `words` as given (their times too) and `audio`, a
    /// recording in the data directory's `audio/` folder, lasting `duration`.
    @discardableResult
    static func add(
        _ text: String, timedWords words: [RecognizedWord], audio: URL?, duration: Duration,
        session: String = "Room 12 - Anna Jansen", to data: String
    ) async throws -> Report {
        let database = try await StationDatabase.open(StationPaths(dataDirectory: URL(fileURLWithPath: data)))
        return try await database.add(
            NewReport(
                sessionName: session, locale: "en-US", created: Date(), audioDuration: duration, audioFile: audio,
                text: text, author: nil, words: words))
    }
}
