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

    public func reports(search: String?, limit: Int, offset: Int) async throws -> [Report] {
        let page: [SQLiteValue] = [.integer(Int64(limit)), .integer(Int64(offset))]
        guard let search, !search.trimmingCharacters(in: .whitespaces).isEmpty else {
            return try await perform { connection in
                try connection.prepared(
                    "SELECT \(ReportRows.columns) FROM reports ORDER BY created_us DESC, id DESC LIMIT ? OFFSET ?"
                ).rows(page, ReportRows.report)
            }
        }
        guard let query = FullTextQuery.make(from: search) else { return [] }
        return try await perform { try Self.search(query, page: page, in: $0) }
    }

    public func report(id: Int64) async throws -> Report? {
        try await perform { try Self.report(id: id, in: $0) }
    }

    public func revise(id: Int64, text: String, at time: Date) async throws -> Report {
        try await perform { connection in
            try connection.writeTransaction {
                try connection.prepared("UPDATE reports SET text = ? WHERE id = ?").run([.text(text), .integer(id)])
                guard connection.changedRowCount == 1 else { throw ReportStoreError.noSuchReport(id: id) }
                try connection.prepared(
                    """
                    INSERT INTO revisions (report_id, number, text, created_us)
                    SELECT ?, coalesce(max(number), 0) + 1, ?, ? FROM revisions WHERE report_id = ?
                    """
                ).run([.integer(id), .text(text), .integer(StoredTime.microseconds(time)), .integer(id)])
                guard let report = try Self.report(id: id, in: connection) else {
                    throw ReportStoreError.noSuchReport(id: id)
                }
                return report
            }
        }
    }

    public func setStatus(id: Int64, _ status: ReportStatus) async throws {
        try await perform { connection in
            try connection.writeTransaction {
                try connection.prepared("UPDATE reports SET status = ? WHERE id = ?").run([
                    .text(status.rawValue), .integer(id),
                ])
                guard connection.changedRowCount == 1 else { throw ReportStoreError.noSuchReport(id: id) }
            }
        }
    }

    public func revisions(id: Int64) async throws -> [ReportRevision] {
        try await perform { connection in
            try connection.prepared(
                "SELECT \(ReportRows.revisionColumns) FROM revisions WHERE report_id = ? ORDER BY number"
            ).rows([.integer(id)], ReportRows.revision)
        }
    }

    public func delete(id: Int64) async throws {
        let audio: String? = try await perform { connection in
            try connection.writeTransaction {
                // Outer nil: no such report; inner nil: a report without audio.
                let row = try connection.prepared("SELECT audio_file FROM reports WHERE id = ?").firstRow(
                    [.integer(id)]
                ) { $0.optionalText(0) }
                guard let row else { throw ReportStoreError.noSuchReport(id: id) }
                try connection.prepared("DELETE FROM reports WHERE id = ?").run([.integer(id)])
                guard let audio = row else { return nil }
                // Audio another report or an unsent dictation still uses is never deleted.
                return try Self.isAudioInUse(audio, connection: connection) ? nil : audio
            }
        }
        // After the commit: a crash in between leaves an unused file, never a report without its audio.
        if let audio { try removeAudio(atPath: audio) }
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
                status, confidence)
            VALUES (?, ?, ?, ?, ?, ?, ?, 'draft', ?)
            """
        ).run([
            .text(report.sessionName), .text(report.locale), .integer(StoredTime.microseconds(report.created)),
            .integer(StoredTime.microseconds(report.audioDuration)), .optional(report.audioFile?.path),
            .text(report.text), .text(report.text), .optional(report.confidence),
        ])
        return Report(
            id: connection.lastInsertedRowID, sessionName: report.sessionName, locale: report.locale,
            created: report.created, audioDuration: report.audioDuration, audioFile: report.audioFile,
            originalText: report.text, text: report.text, status: .draft, confidence: report.confidence)
    }

    private static func report(id: Int64, in connection: Connection) throws -> Report? {
        try connection.prepared("SELECT \(ReportRows.columns) FROM reports WHERE id = ?").firstRow(
            [.integer(id)], ReportRows.report)
    }
}
