/// A typed search as PostgreSQL full-text search: every word, accents folded, must begin a word of the
/// report's text, session name or patient, or the digits of the patient's identifier ("200871" finds
/// "MRN200871", "ozdemir" finds "Özdemir"). The database splits the typed text as it splits the reports
/// (`dictation.typed_query`, each word a quoted prefix), so nothing typed is read as query syntax.
///
/// `dictation.search_reports` (schema 4) finds the ids with the full-text index, which row-level
/// security would keep the planner from using; the rows are then read as the person, under the read
/// policy, in the order found.
enum ReportSearch {
    /// The rows of the reports a search finds, one screen, in the list's order: `$1` the search text,
    /// then the author, unsigned-only, urgent-only, with-entered-in-error, limit and offset. Each row is
    /// read by its id (`OFFSET 0` keeps the subquery a lookup per id: joined, the planner would read every
    /// report to hash them, not knowing that a screen's worth comes back).
    static func statement(columns: String) -> String {
        """
        SELECT page.* FROM dictation.search_reports($1, $2, $3, $4, $5, $6, $7) WITH ORDINALITY
            AS found (id, position)
        CROSS JOIN LATERAL (SELECT \(columns) FROM dictation.reports WHERE id = found.id OFFSET 0) AS page
        ORDER BY found.position
        """
    }

    /// The search text, or nil when it holds no letter or digit (then every report matches).
    static func text(_ search: String?) -> String? {
        guard let search, search.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        return search
    }
}
