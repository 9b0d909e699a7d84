import StationCore

extension StationDatabase {
    /// Above this many matches, the newest are found faster by walking the list newest first and
    /// checking each report against the matches than by reading and sorting every match.
    static let manyMatches = 2_000

    /// Reports matching the FTS5 `query`, newest first. Few matches are read by id and sorted; many
    /// are found by walking the newest-first index, which stops at the end of the page.
    static func search(
        _ query: String, filter: ReportFilter, page: [SQLiteValue], in connection: Connection
    ) throws
        -> [Report]
    {
        try connection.readTransaction {
            let matches =
                try connection.prepared(
                    "SELECT count(*) FROM (SELECT rowid FROM reports_fts WHERE reports_fts MATCH ? LIMIT ?)"
                ).firstRow([.text(query), .integer(Int64(manyMatches))]) { $0.integer(0) } ?? 0
            let index = matches >= manyMatches ? "INDEXED BY reports_urgent_newest" : ""
            let condition = ["id IN (SELECT rowid FROM reports_fts WHERE reports_fts MATCH ?)"] + filter.conditions
            return try connection.prepared(
                """
                SELECT \(ReportRows.columns) FROM reports \(index)
                WHERE \(condition.joined(separator: " AND "))
                ORDER BY \(ReportRows.order) LIMIT ? OFFSET ?
                """
            ).rows([.text(query)] + filter.values + page, ReportRows.report)
        }
    }
}
