import Foundation
import Localization
import StationCore

/// The clinic vocabulary in the clinic store (`Migration6`): every member reads it and adds to it, and
/// the database records who added each word (or last said it anew) and when. The words and phones are
/// checked by the station before they come here (`VocabularyEntry`); the store keeps them in the order
/// they were added, a word said anew keeping its place.
extension ClinicStore {
    /// A word of the clinic vocabulary as the store keeps it.
    public struct VocabularyWord: Sendable, Equatable {
        public var locale: String
        public var word: String
        public var phones: [String]
        /// Who added it, or last gave it a new pronunciation (`session_user`), and when.
        public var addedBy: String
        public var addedAt: Date
    }

    /// What `addVocabularyWord` did.
    public enum VocabularyChange: Sendable, Equatable {
        case added
        case replaced(previous: [String])
        case unchanged
    }

    /// Every word of the vocabulary (of `locale` alone, when given), by locale, in the order added.
    public func vocabulary(locale: String? = nil) async throws -> [VocabularyWord] {
        try perform {
            try connection.query(
                """
                SELECT locale, word, phones, added_by, extract(epoch FROM added_at)::text FROM dictation.vocabulary
                WHERE $1::text IS NULL OR locale = $1 ORDER BY locale, id
                """, [locale]
            ).map { row in
                VocabularyWord(
                    locale: row[0] ?? "", word: row[1] ?? "",
                    phones: (row[2] ?? "").split(separator: " ").map(String.init), addedBy: row[3] ?? "",
                    addedAt: Date(timeIntervalSince1970: Double(row[4] ?? "") ?? 0))
            }
        }
    }

    /// Adds `word` said with `phones` to `locale`'s vocabulary, or gives it its new pronunciation; a new
    /// word past `limit` words is refused (`tooMany` true). One member's change waits for another's.
    public func addVocabularyWord(
        _ word: String, phones: [String], locale: String, limit: Int
    ) async throws -> (change: VocabularyChange, tooMany: Bool) {
        let said = phones.joined(separator: " ")
        return try perform {
            try connection.transaction { () throws -> (VocabularyChange, Bool) in
                try connection.query(
                    "SELECT pg_advisory_xact_lock(hashtextextended('dictation vocabulary ' || $1, 0))", [locale])
                let found =
                    try connection.query(
                        "SELECT phones FROM dictation.vocabulary WHERE locale = $1 AND word = $2", [locale, word]
                    ).first?.first ?? nil
                if let found {
                    if found == said { return (.unchanged, false) }
                    try connection.query(
                        "UPDATE dictation.vocabulary SET phones = $3 WHERE locale = $1 AND word = $2",
                        [locale, word, said])
                    return (.replaced(previous: found.split(separator: " ").map(String.init)), false)
                }
                let count =
                    try connection.query("SELECT count(*) FROM dictation.vocabulary WHERE locale = $1", [locale])
                    .first?.first??.asInt ?? 0
                guard count < limit else { return (.unchanged, true) }
                try connection.query(
                    "INSERT INTO dictation.vocabulary (locale, word, phones) VALUES ($1, $2, $3)", [locale, word, said])
                return (.added, false)
            }
        }
    }

    /// What changes whenever a word is added, said anew or removed (the count, the newest id, the newest
    /// change): a copy is made again only then, and the slow poll looks at it (`hasChangedElsewhere`).
    static let vocabularyFingerprintQuery =
        "SELECT count(*) || '/' || coalesce(max(id), 0) || '/' || coalesce(max(added_at)::text, '') FROM dictation.vocabulary"

    /// The vocabulary's fingerprint (`vocabularyFingerprintQuery`).
    public func vocabularyFingerprint() async throws -> String {
        try perform {
            try connection.query(Self.vocabularyFingerprintQuery).first?.first ?? nil
        } ?? ""
    }

    /// Removes `word` from `locale`'s vocabulary; false when it does not hold it.
    public func removeVocabularyWord(_ word: String, locale: String) async throws -> Bool {
        try perform {
            try !connection.query(
                "DELETE FROM dictation.vocabulary WHERE locale = $1 AND word = $2 RETURNING id", [locale, word]
            ).isEmpty
        }
    }
}
