import Foundation
import Localization
import StationCore

/// How reports, revisions and events are written to and read from the clinic store's rows (text
/// columns; times and durations as whole microseconds, so nothing is rounded on the way).
enum ReportRows {
    /// The columns `report(_:)` reads, in its order; `words` only where one report is read.
    static func reportColumns(withWords: Bool) -> String {
        """
        id, session_name, locale, \(microseconds("created")), audio_duration_us, audio_file, original_text, text,
        status, confidence, author, patient_name, patient_identifier, patient_system, work_type, priority,
        signed_by, \(microseconds("signed_at")), error_by, \(microseconds("error_at")), error_reason,
        \(withWords ? "words::text" : "NULL")
        """
    }

    static let eventColumns = "report_id, action, actor, \(microseconds("time")), reason"
    static let revisionColumns = "report_id, number, text, \(microseconds("created")), author, reason"

    /// A timestamptz column as microseconds since 1970 (exact: `extract` gives a numeric).
    static func microseconds(_ column: String) -> String {
        "(extract(epoch FROM \(column)) * 1000000)::bigint"
    }

    /// A parameter in microseconds since 1970 as a timestamptz, exactly.
    static func timestamp(_ parameter: String) -> String {
        "(timestamptz 'epoch' + \(parameter)::bigint * interval '1 microsecond')"
    }

    static func text(_ time: Date) -> String {
        String(Int64((time.timeIntervalSince1970 * 1_000_000).rounded()))
    }

    static func text(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
    }

    static func date(_ text: String?) -> Date? {
        text?.asInt64.map { Date(timeIntervalSince1970: Double($0) / 1_000_000) }
    }

    /// A row of `reportColumns` as a report; a row the schema would never hold is refused, not guessed at.
    static func report(_ row: [String?]) throws(PostgresError) -> Report {
        func column(_ index: Int) throws(PostgresError) -> String {
            guard let value = row[index] else { throw unreadable(row, tr("column \(index) is empty")) }
            return value
        }
        let words: [RecognizedWord]
        do {
            words = try row[21].map(WordsJSON.decode) ?? []
        } catch {
            throw unreadable(row, tr("its words are not the expected JSON"))
        }
        let patient = Patient(name: row[11], identifier: row[12], system: row[13])
        let enteredInError = zip3(row[18], date(row[19]), row[20]).map { EnteredInError(by: $0, at: $1, reason: $2) }
        return Report(
            id: try column(0).asInt64 ?? 0, sessionName: try column(1), locale: try column(2),
            created: date(row[3]) ?? Date(timeIntervalSince1970: 0),
            audioDuration: .microseconds(try column(4).asInt64 ?? 0),
            audioFile: row[5].map { URL(fileURLWithPath: $0) }, originalText: try column(6), text: try column(7),
            status: ReportStatus(rawValue: try column(8)) ?? .draft, confidence: row[9].flatMap(Double.init),
            author: row[10],
            properties: DictationProperties(
                patient: patient, workType: try column(14),
                priority: ReportPriority(rawValue: try column(15)) ?? .normal),
            signedBy: row[16], signedAt: date(row[17]), words: words,
            enteredInError: enteredInError)
    }

    static func event(_ row: [String?]) -> ReportEvent {
        ReportEvent(
            reportID: row[0]?.asInt64 ?? 0, action: row[1].flatMap(ReportEvent.Action.init(rawValue:)) ?? .created,
            actor: row[2], time: date(row[3]) ?? Date(timeIntervalSince1970: 0), reason: row[4])
    }

    static func revision(_ row: [String?]) -> ReportRevision {
        ReportRevision(
            reportID: row[0]?.asInt64 ?? 0, number: row[1]?.asInt ?? 0, text: row[2] ?? "",
            created: date(row[3]) ?? Date(timeIntervalSince1970: 0), author: row[4], reason: row[5])
    }

    private static func unreadable(_ row: [String?], _ why: String) -> PostgresError {
        PostgresError(
            sqlState: "XX000", message: tr("report \(row.first.flatMap { $0 } ?? "?") cannot be read: \(why)"))
    }

    private static func zip3<A, B, C>(_ a: A?, _ b: B?, _ c: C?) -> (A, B, C)? {
        guard let a, let b, let c else { return nil }
        return (a, b, c)
    }
}

/// The decoder's words as the JSON array of the `words` column: text, start and end in microseconds,
/// confidence.
enum WordsJSON {
    private struct Word: Codable {
        var t: String
        var s: Int64
        var e: Int64
        var c: Double?
    }

    static func encode(_ words: [RecognizedWord]) throws -> String {
        let rows = words.map { word in
            Word(
                t: word.text, s: Int64(ReportRows.text(word.start)) ?? 0, e: Int64(ReportRows.text(word.end)) ?? 0,
                c: word.confidence)
        }
        return String(decoding: try JSONEncoder().encode(rows), as: UTF8.self)
    }

    static func decode(_ text: String) throws -> [RecognizedWord] {
        try JSONDecoder().decode([Word].self, from: Data(text.utf8)).map { word in
            RecognizedWord(text: word.t, start: .microseconds(word.s), end: .microseconds(word.e), confidence: word.c)
        }
    }
}
