import Foundation
import Localization
import StationCore
import StationSystem

/// The core's `ReportStore` over the clinic store's schema. The database decides who did what: the
/// author, corrector or signer a caller passes is not used (the database records `session_user`), nor
/// the time of a step (the server's clock stamps it, so no client backdates a signature); the reports
/// returned say what the database stored. The rules are the database's (`Migration1`); this only turns
/// its refusals into the core's `ReportStoreError` where the core knows the case.
extension ClinicStore: ReportStore {
    public func report(owningAudio audioFile: URL) async throws -> Report? {
        try perform {
            try connection.query(
                "SELECT \(ReportRows.reportColumns(withWords: false)) FROM dictation.reports WHERE audio_file = $1 "
                    + "ORDER BY id LIMIT 1", [audioFile.path]
            ).first.map(ReportRows.report)
        }
    }

    /// Search is PostgreSQL full-text search (`ReportSearch`): each word of `query.search`, accents
    /// folded, must begin a word of the text, the session's name or the patient's name or identifier.
    public func reports(_ query: ReportQuery, limit: Int, offset: Int) async throws -> [Report] {
        let search = ReportSearch.text(query.search)
        let parameters = [
            search, query.author, String(query.unsignedOnly), String(query.urgentOnly),
            String(query.includeEnteredInError), String(max(0, limit)), String(max(0, offset)),
        ]
        let columns = ReportRows.reportColumns(withWords: false)
        return try perform {
            guard search == nil else {
                return try connection.query(ReportSearch.statement(columns: columns), parameters).map(ReportRows.report)
            }
            return try connection.query(
                """
                SELECT \(columns) FROM dictation.reports
                WHERE $1::text IS NULL
                    AND ($2::text IS NULL OR author = $2)
                    AND (NOT $3::boolean OR status IN ('draft', 'corrected'))
                    AND (NOT $4::boolean OR priority = 'urgent')
                    AND ($5::boolean OR error_by IS NULL)
                ORDER BY (priority = 'urgent') DESC, created DESC, id DESC
                LIMIT $6 OFFSET $7
                """, parameters
            ).map(ReportRows.report)
        }
    }

    public func report(id: Int64) async throws -> Report? {
        try perform { try reportNow(id: id) }
    }

    public func revise(
        id: Int64, text: String, at time: Date, by author: String?, reason: String?
    ) async throws
        -> Report
    {
        try step(on: id) {
            try connection.query(
                "INSERT INTO dictation.report_revisions (report_id, text, reason) VALUES ($1, $2, $3)",
                [String(id), text, reason])
        }
    }

    public func sign(id: Int64, by signer: String, at time: Date) async throws -> Report {
        try step(on: id) {
            try connection.query("INSERT INTO dictation.report_signatures (report_id) VALUES ($1)", [String(id)])
        }
    }

    public func markEnteredInError(
        id: Int64, by actor: String, at time: Date, reason: String
    ) async throws
        -> Report
    {
        try step(on: id) {
            try connection.query(
                "INSERT INTO dictation.report_retirements (report_id, reason) VALUES ($1, $2)", [String(id), reason])
        }
    }

    public func events(id: Int64) async throws -> [ReportEvent] {
        try perform {
            try connection.query(
                "SELECT \(ReportRows.eventColumns) FROM dictation.report_events WHERE report_id = $1 ORDER BY id",
                [String(id)]
            ).map(ReportRows.event)
        }
    }

    public func revisions(id: Int64) async throws -> [ReportRevision] {
        try perform {
            try connection.query(
                "SELECT \(ReportRows.revisionColumns) FROM dictation.report_revisions WHERE report_id = $1 "
                    + "ORDER BY number", [String(id)]
            ).map(ReportRows.revision)
        }
    }

    /// Nothing is deleted from the clinic store: a signed report is refused as the core knows it, and a
    /// draft too (`ClinicStoreError.neverDeleted`); a wrong report is entered in error instead.
    public func deleteDraft(id: Int64, by actor: String, at time: Date) async throws -> SessionEvent {
        guard let report = try perform({ try reportNow(id: id) }) else { throw ReportStoreError.noSuchReport(id: id) }
        try ReportLifecycle.checkDeleting(report)
        throw ClinicStoreError.neverDeleted(id: id)
    }

    /// No report is ever deleted from the clinic store, so no deletion was recorded.
    public func deletion(ofReport id: Int64) async throws -> SessionEvent? { nil }

    // MARK: - On the connection's thread

    /// One step of a report's life in one transaction, then the report as the database now has it.
    private func step(on id: Int64, _ body: () throws -> Void) throws -> Report {
        try ready()
        do {
            return try connection.transaction {
                try body()
                guard let report = try reportNow(id: id) else {
                    throw PostgresError(sqlState: "DS001", message: tr("There is no report \(id)."))
                }
                return report
            }
        } catch let error as PostgresError {
            noteReachability()
            throw storeError(error, about: id)
        }
    }

    func reportNow(id: Int64) throws(PostgresError) -> Report? {
        try connection.query(
            "SELECT \(ReportRows.reportColumns(withWords: true)) FROM dictation.reports WHERE id = $1", [String(id)]
        ).first.map(ReportRows.report)
    }

    /// A refusal of the database's rules as the core's `ReportStoreError` when the core knows the case.
    func storeError(_ error: PostgresError, about id: Int64?) -> any Error {
        guard let id else { return clinicError(error) }
        switch error.sqlState {
        case "DS001": return ReportStoreError.noSuchReport(id: id)
        case "DS002": return ReportStoreError.amendmentNeedsReason(id: id)
        case "DS003":
            return ReportStoreError.reasonOnlyForAmendments(
                id: id, status: error.detail.flatMap(ReportStatus.init(rawValue:)) ?? .draft)
        case "DS004": return ReportStoreError.alreadySigned(id: id, by: error.detail)
        case "DS006": return ReportStoreError.enteredInError(id: id)
        case "DS007": return ReportStoreError.enteredInErrorNeedsReason(id: id)
        case "DS010", PostgresError.insufficientPrivilege:
            return ReportStoreError.notAllowed(id: id, reason: error.message)
        default: return clinicError(error)
        }
    }
}
