import Foundation
import StationCore

extension StationDatabase: ReportStore {
    public func add(_ report: NewReport, ending session: SessionRecord?) async throws -> Report {
        try await perform { connection in
            try connection.writeTransaction {
                let stored = try Self.insert(report, into: connection)
                if let session { try Self.save(session, in: connection) }
                return stored
            }
        }
    }

    public func report(owningAudio audioFile: URL) async throws -> Report? {
        try await perform { connection in
            try connection.prepared("SELECT \(ReportRows.columns) FROM reports WHERE audio_file = ? LIMIT 1")
                .rows([.text(audioFile.path)], ReportRows.report).first
        }
    }

    /// Stores many reports in one transaction (imports, benchmarks); all or none are stored.
    public func addAll(_ reports: [NewReport]) async throws -> [Report] {
        try await perform { connection in
            try connection.writeTransaction { try reports.map { try Self.insert($0, into: connection) } }
        }
    }

    public func reports(_ query: ReportQuery, limit: Int, offset: Int) async throws -> [Report] {
        let page: [SQLiteValue] = [.integer(Int64(limit)), .integer(Int64(offset))]
        let filter = ReportFilter(query)
        guard let search = query.search, !search.trimmingCharacters(in: .whitespaces).isEmpty else {
            return try await perform { connection in
                try connection.prepared(
                    """
                    SELECT \(ReportRows.columns) FROM reports \(filter.whereClause)
                    ORDER BY \(ReportRows.order) LIMIT ? OFFSET ?
                    """
                ).rows(filter.values + page, ReportRows.report)
            }
        }
        guard let match = FullTextQuery.make(from: search) else { return [] }
        return try await perform { try Self.search(match, filter: filter, page: page, in: $0) }
    }

    public func report(id: Int64) async throws -> Report? {
        try await perform { try Self.report(id: id, in: $0) }
    }

    public func revise(
        id: Int64, text: String, at time: Date, by author: String?, reason: String?
    ) async throws
        -> Report
    {
        try await perform { connection in
            try connection.writeTransaction {
                guard let current = try Self.report(id: id, in: connection) else {
                    throw ReportStoreError.noSuchReport(id: id)
                }
                let status = try ReportLifecycle.status(afterRevising: current, reason: reason)
                let kept = status == .amended ? reason : nil
                let at = StoredTime.microseconds(time)
                // An amendment is signed by whoever makes it.
                try connection.prepared(
                    """
                    UPDATE reports SET text = ?, phase = ?, status = ?,
                        signed_by = CASE WHEN ? = 'amended' THEN ? ELSE signed_by END,
                        signed_us = CASE WHEN ? = 'amended' THEN ? ELSE signed_us END
                    WHERE id = ?
                    """
                ).run([
                    .text(text), .text(status.rawValue), .text(Self.legacyStatus(status)), .text(status.rawValue),
                    .optional(author), .text(status.rawValue), .integer(at), .integer(id),
                ])
                try connection.prepared(
                    """
                    INSERT INTO revisions (report_id, number, text, created_us, author, reason)
                    SELECT ?, coalesce(max(number), 0) + 1, ?, ?, ?, ? FROM revisions WHERE report_id = ?
                    """
                ).run([.integer(id), .text(text), .integer(at), .optional(author), .optional(kept), .integer(id)])
                try Self.record(
                    ReportEvent(
                        reportID: id, action: ReportLifecycle.event(revisingTo: status), actor: author, time: time,
                        reason: kept), in: connection)
                guard let report = try Self.report(id: id, in: connection) else {
                    throw ReportStoreError.noSuchReport(id: id)
                }
                return report
            }
        }
    }

    public func sign(id: Int64, by signer: String, at time: Date) async throws -> Report {
        try await perform { connection in
            try connection.writeTransaction {
                guard let current = try Self.report(id: id, in: connection) else {
                    throw ReportStoreError.noSuchReport(id: id)
                }
                let status = try ReportLifecycle.status(afterSigning: current)
                try connection.prepared(
                    "UPDATE reports SET phase = ?, status = ?, signed_by = ?, signed_us = ? WHERE id = ?"
                ).run([
                    .text(status.rawValue), .text(Self.legacyStatus(status)), .text(signer),
                    .integer(StoredTime.microseconds(time)), .integer(id),
                ])
                try Self.record(ReportEvent(reportID: id, action: .signed, actor: signer, time: time), in: connection)
                guard let report = try Self.report(id: id, in: connection) else {
                    throw ReportStoreError.noSuchReport(id: id)
                }
                return report
            }
        }
    }

    public func events(id: Int64) async throws -> [ReportEvent] {
        try await perform { connection in
            try connection.prepared(
                "SELECT \(ReportRows.eventColumns) FROM report_events WHERE report_id = ? ORDER BY time_us, rowid"
            ).rows([.integer(id)], ReportRows.event)
        }
    }

    /// The schema-1 `status` column, kept for older readers: final once signed.
    private static func legacyStatus(_ status: ReportStatus) -> String { status.isSigned ? "final" : "draft" }

    private static func record(_ event: ReportEvent, in connection: Connection) throws {
        try connection.prepared(
            "INSERT INTO report_events (report_id, time_us, action, actor, reason) VALUES (?, ?, ?, ?, ?)"
        ).run([
            .integer(event.reportID), .integer(StoredTime.microseconds(event.time)), .text(event.action.rawValue),
            .optional(event.actor), .optional(event.reason),
        ])
    }

    public func revisions(id: Int64) async throws -> [ReportRevision] {
        try await perform { connection in
            try connection.prepared(
                "SELECT \(ReportRows.revisionColumns) FROM revisions WHERE report_id = ? ORDER BY number"
            ).rows([.integer(id)], ReportRows.revision)
        }
    }

    public func markEnteredInError(id: Int64, by actor: String, at time: Date, reason: String) async throws -> Report {
        try await perform { connection in
            try connection.writeTransaction {
                guard let current = try Self.report(id: id, in: connection) else {
                    throw ReportStoreError.noSuchReport(id: id)
                }
                try ReportLifecycle.checkEnteringInError(current, reason: reason)
                try connection.prepared(
                    """
                    UPDATE reports SET entered_in_error_us = ?, entered_in_error_by = ?, entered_in_error_reason = ?
                    WHERE id = ?
                    """
                ).run([.integer(StoredTime.microseconds(time)), .text(actor), .text(reason), .integer(id)])
                try Self.record(
                    ReportEvent(reportID: id, action: .enteredInError, actor: actor, time: time, reason: reason),
                    in: connection)
                guard let report = try Self.report(id: id, in: connection) else {
                    throw ReportStoreError.noSuchReport(id: id)
                }
                return report
            }
        }
    }

    public func deleteDraft(id: Int64, by actor: String, at time: Date) async throws -> SessionEvent {
        let (event, audio): (SessionEvent, String?) = try await perform { connection in
            try connection.writeTransaction {
                guard let current = try Self.report(id: id, in: connection) else {
                    throw ReportStoreError.noSuchReport(id: id)
                }
                // The schema refuses too (`reports_kept_when_signed`), whoever deletes.
                try ReportLifecycle.checkDeleting(current)
                let event = SessionEvent.deletion(of: current, by: actor, at: time)
                try connection.prepared("DELETE FROM reports WHERE id = ?").run([.integer(id)])
                try connection.prepared(
                    "INSERT INTO session_events (\(ReportRows.sessionEventColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                ).run([
                    .text(event.sessionName), .integer(StoredTime.microseconds(time)), .text(event.action.rawValue),
                    .text(actor), .integer(id), .optional(event.reportStatus?.rawValue), .optional(event.reportAuthor),
                    .optional(event.reportCreated.map(StoredTime.microseconds)),
                ])
                guard let audio = current.audioFile?.path else { return (event, nil) }
                // Audio another report or an unsent dictation still uses is never deleted.
                return (event, try Self.isAudioInUse(audio, connection: connection) ? nil : audio)
            }
        }
        // After the commit: a crash in between leaves an unused file, never a report without its audio.
        if let audio { try removeAudio(atPath: audio) }
        return event
    }

    public func deletion(ofReport id: Int64) async throws -> SessionEvent? {
        try await perform { connection in
            try connection.prepared(
                """
                SELECT \(ReportRows.sessionEventColumns) FROM session_events
                WHERE report_id = ? AND action = 'report-deleted' ORDER BY time_us DESC, rowid DESC LIMIT 1
                """
            ).firstRow([.integer(id)], ReportRows.sessionEvent)
        }
    }

    /// Removes a report's audio file, but only one inside the station's audio directory.
    private func removeAudio(atPath path: String) throws {
        let file = URL(fileURLWithPath: path).standardizedFileURL
        let directory = paths.audioDirectory.standardizedFileURL.path + "/"
        guard file.path.hasPrefix(directory) else { return }
        do {
            try FileManager.default.removeItem(at: file)
        } catch CocoaError.fileNoSuchFile {
            return
        }
    }

    private static func isAudioInUse(_ path: String, connection: Connection) throws -> Bool {
        let uses = try connection.prepared(
            "SELECT (SELECT count(*) FROM reports WHERE audio_file = ?) + (SELECT count(*) FROM sessions WHERE audio_file = ?)"
        ).firstRow([.text(path), .text(path)]) { $0.integer(0) }
        return (uses ?? 0) > 0
    }

    private static func insert(_ report: NewReport, into connection: Connection) throws -> Report {
        try connection.prepared(
            """
            INSERT INTO reports (session_name, locale, created_us, duration_us, audio_file, original_text, text,
                status, phase, confidence, author, patient_name, patient_id, patient_id_system, work_type, priority,
                patient_id_digits)
            VALUES (?, ?, ?, ?, ?, ?, ?, 'draft', 'draft', ?, ?, ?, ?, ?, ?, ?, ?)
            """
        ).run(
            [
                .text(report.sessionName), .text(report.locale), .integer(StoredTime.microseconds(report.created)),
                .integer(StoredTime.microseconds(report.audioDuration)), .optional(report.audioFile?.path),
                .text(report.transcript), .text(report.text), .optional(report.confidence), .optional(report.author),
            ] + ReportRows.values(report.properties) + [.optional(report.properties.patient?.identifierDigits)])
        let id = connection.lastInsertedRowID
        if !report.words.isEmpty {
            try connection.prepared("INSERT INTO report_words (report_id, words) VALUES (?, ?)").run([
                .integer(id), .text(try WordsColumn.encode(report.words)),
            ])
        }
        try record(
            ReportEvent(reportID: id, action: .created, actor: report.author, time: report.created), in: connection)
        return Report(
            id: id, sessionName: report.sessionName, locale: report.locale,
            created: report.created, audioDuration: report.audioDuration, audioFile: report.audioFile,
            originalText: report.transcript, text: report.text, status: .draft, confidence: report.confidence,
            author: report.author, properties: report.properties, words: report.words)
    }

    /// One report with its decoder words.
    private static func report(id: Int64, in connection: Connection) throws -> Report? {
        guard
            var report = try connection.prepared("SELECT \(ReportRows.columns) FROM reports WHERE id = ?").firstRow(
                [.integer(id)], ReportRows.report)
        else { return nil }
        let words = try connection.prepared("SELECT words FROM report_words WHERE report_id = ?").firstRow(
            [.integer(id)]
        ) { $0.text(0) }
        report.words = words.map(WordsColumn.decode) ?? []
        return report
    }
}
