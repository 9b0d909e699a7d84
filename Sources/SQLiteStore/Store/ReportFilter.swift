import StationCore

/// A report query's filters as SQL conditions, every value bound.
struct ReportFilter {
    var conditions: [String] = []
    var values: [SQLiteValue] = []

    init(_ query: ReportQuery) {
        if !query.includeEnteredInError { conditions.append("entered_in_error_us IS NULL") }
        if let author = query.author {
            conditions.append("author = ?")
            values.append(.text(author))
        }
        if query.unsignedOnly { conditions.append("phase IN ('draft', 'corrected')") }
        if query.urgentOnly { conditions.append("priority = 'urgent'") }
    }

    /// `WHERE …`, or nothing without filters.
    var whereClause: String { conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ") }
}
