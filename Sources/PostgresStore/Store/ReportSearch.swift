/// A typed search as PostgreSQL full-text search: every word must begin a word of the report's text,
/// session name or patient, or the digits of the patient's identifier ("200871" finds "MRN200871",
/// which the parser keeps as one word). The typed text is split by the same parser as the reports
/// (`to_tsvector('simple')`), each of its words becomes a prefix (`'fract':* & 'jansen':*`), so nothing
/// typed is read as tsquery syntax.
enum ReportSearch {
    /// The condition on `dictation.reports`, with the search text as `parameter`. The index answers a
    /// search without digits; one with digits also looks at each report's identifier digits.
    static func condition(_ parameter: String) -> String {
        let query = """
            (SELECT to_tsquery('simple', string_agg(quote_literal(lexeme) || ':*', ' & '))
                FROM unnest(to_tsvector('simple', \(parameter)::text)))
            """
        let digits = "to_tsvector('simple', regexp_replace(coalesce(patient_identifier, ''), '[^0-9]', '', 'g'))"
        return """
            (\(parameter)::text IS NULL OR search @@ \(query)
                OR (\(parameter)::text ~ '[0-9]' AND (search || \(digits)) @@ \(query)))
            """
    }

    /// The search text, or nil when it holds no letter or digit (then every report matches).
    static func text(_ search: String?) -> String? {
        guard let search, search.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        return search
    }
}
