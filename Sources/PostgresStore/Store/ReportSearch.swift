/// A typed search as PostgreSQL full-text search: every word must begin a word of the report's text,
/// session name or patient. The typed text is split by the same parser as the reports
/// (`to_tsvector('simple')`), each of its words becomes a prefix (`'fract':* & 'jansen':*`), so nothing
/// typed is read as tsquery syntax.
enum ReportSearch {
    /// The condition on `dictation.reports`, with the search text as `parameter`.
    static func condition(_ parameter: String) -> String {
        """
        (\(parameter)::text IS NULL OR search @@ (
            SELECT to_tsquery('simple', string_agg(quote_literal(lexeme) || ':*', ' & '))
            FROM unnest(to_tsvector('simple', \(parameter)::text))))
        """
    }

    /// The search text, or nil when it holds no letter or digit (then every report matches).
    static func text(_ search: String?) -> String? {
        guard let search, search.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        return search
    }
}
