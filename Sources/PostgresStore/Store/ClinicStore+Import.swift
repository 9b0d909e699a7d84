import Foundation
import Localization
import StationCore

/// One report of a one-person station, as `clinic import-station` brings it into the clinic store: the
/// report with its words, its revisions and its steps as the station's SQLite store holds them.
public struct StationReport: Sendable {
    public var report: Report
    public var revisions: [ReportRevision]
    public var events: [ReportEvent]
    /// The sha256 of its recording as read on this workstation (hex), when it has one.
    public var audioSHA256: String?
    /// Where it came from, for the audit: "report 12 of the station in /home/anna/…".
    public var source: String

    public init(
        report: Report, revisions: [ReportRevision], events: [ReportEvent], audioSHA256: String?, source: String
    ) {
        self.report = report
        self.revisions = revisions
        self.events = events
        self.audioSHA256 = audioSHA256
        self.source = source
    }

    /// Its id in the clinic store, the same on every run: its recording's name (as a sent dictation's),
    /// else the station's own marks of it.
    public var dictationID: String {
        report.audioFile.map(ClinicStore.dictationID)
            ?? "import:\(ReportRows.text(report.created)):\(report.id):\(report.sessionName)"
    }

    /// Every name the station gives for a step of this report (which it cannot vouch for).
    var namesGiven: Set<String> {
        var names = Set(revisions.compactMap(\.author) + events.compactMap(\.actor))
        if let author = report.author { names.insert(author) }
        if let signer = report.signedBy { names.insert(signer) }
        if let mark = report.enteredInError { names.insert(mark.by) }
        return names
    }
}

/// What became of one station report.
public enum StationReportImport: Sendable, Equatable {
    /// Made in the clinic store now, checked, with its audio's seal when it has audio.
    case imported(Report, audio: ClinicStore.StoredAudio?)
    /// An earlier run brought it in already: nothing was changed.
    case alreadyThere(Report)
}

/// Why a station report was not brought in (nothing of it was written).
public enum StationImportRefusal: Error, Sendable, Equatable {
    /// The station names someone else for one of its steps: only that person could have taken it, and the
    /// clinic store records the one connected.
    case otherPerson(reportID: Int64, name: String, me: String)
    /// What the store holds after the import differs from the station's report (counts, text, checksum).
    case mismatch(reportID: Int64, what: String)
}

extension ClinicStore {
    /// Brings one station report in, in one transaction, as the one connected: the report (its first
    /// text the transcript when it was corrected, since the station keeps only the corrections' texts),
    /// its audio in chunks sealed with the database's sha256, its corrections, its signature, its
    /// amendments, its entry in error, in that order and under the store's rules, then an `imported`
    /// event with what the station said of each step. Before the commit the result is checked against
    /// the station's report (text, phase, revisions, words, entry in error, audio length and sha256);
    /// a difference rolls it all back. A report brought in before is found by its dictation id and left
    /// as it is.
    public func importStationReport(_ station: StationReport) async throws -> StationReportImport {
        let source = station.report
        let me = user
        return try perform {
            try connection.transaction { () throws -> StationReportImport in
                if let existing = try connection.query(
                    "SELECT \(ReportRows.reportColumns(withWords: true)) FROM dictation.reports WHERE dictation_id = $1",
                    [station.dictationID]
                ).first.map(ReportRows.report) {
                    return .alreadyThere(existing)
                }
                if let other = station.namesGiven.sorted().first(where: { $0 != me }) {
                    throw StationImportRefusal.otherPerson(reportID: source.id, name: other, me: me)
                }
                let id = try insertImported(station)
                let audio = try source.audioFile.flatMap { try storeAudio(of: id, from: $0) }
                let corrections = station.revisions.filter { $0.reason == nil }
                let amendments = station.revisions.filter { $0.reason != nil }
                for revision in corrections { try revise(id, revision) }
                if source.status.isSigned {
                    try connection.query(
                        "INSERT INTO dictation.report_signatures (report_id) VALUES ($1)", [String(id)])
                }
                for revision in amendments { try revise(id, revision) }
                if let mark = source.enteredInError {
                    try connection.query(
                        "INSERT INTO dictation.report_retirements (report_id, reason) VALUES ($1, $2)",
                        [String(id), mark.reason])
                }
                try connection.query(
                    "SELECT dictation.record_import($1, $2)", [String(id), Self.account(of: station)])
                guard let stored = try reportNow(id: id) else {
                    throw PostgresError(sqlState: "DS001", message: "the imported report could not be read back")
                }
                try check(stored, against: station, audio: audio)
                return .imported(stored, audio: audio)
            }
        }
    }

    private func insertImported(_ station: StationReport) throws -> Int64 {
        let report = station.report
        // The text as first stored: what the revisions that follow started from.
        let row = NewReport(
            sessionName: report.sessionName, locale: report.locale, created: report.created,
            audioDuration: report.audioDuration, audioFile: report.audioFile,
            text: station.revisions.isEmpty ? report.text : report.originalText, transcript: report.originalText,
            confidence: report.confidence, properties: report.properties, words: report.words)
        guard let id = try insertReportRow(row, dictationID: station.dictationID) else {
            throw PostgresError(sqlState: "DS001", message: "the imported report could not be read back")
        }
        return id
    }

    private func revise(_ id: Int64, _ revision: ReportRevision) throws(PostgresError) {
        try connection.query(
            "INSERT INTO dictation.report_revisions (report_id, text, reason) VALUES ($1, $2, $3)",
            [String(id), revision.text, revision.reason])
    }

    /// The store's report against the station's: a difference is refused, and the transaction with it.
    private func check(_ stored: Report, against station: StationReport, audio: StoredAudio?) throws {
        let source = station.report
        func differs(_ what: String) -> StationImportRefusal { .mismatch(reportID: source.id, what: what) }
        if stored.text != source.text { throw differs(tr("its text")) }
        if stored.originalText != source.originalText { throw differs(tr("its transcript")) }
        if stored.status != source.status { throw differs(tr("its phase (\(stored.status.rawValue))")) }
        if stored.words != source.words { throw differs(tr("its words")) }
        if (stored.enteredInError == nil) != (source.enteredInError == nil) { throw differs(tr("its entry in error")) }
        let revisions = try connection.query(
            "SELECT count(*) FROM dictation.report_revisions WHERE report_id = $1", [String(stored.id)])
        if revisions.first?.first??.asInt != station.revisions.count { throw differs(tr("its number of revisions")) }
        if let expected = station.audioSHA256 {
            guard let audio else { throw differs(tr("its audio (the recording could not be read)")) }
            if audio.sha256 != expected { throw differs(tr("its audio's sha256")) }
        } else if audio != nil {
            throw differs(tr("its audio (it has none on the station)"))
        }
    }

    /// What the station said of the report's steps, for the `imported` event: the station's report
    /// number and folder, then each step with its time (UTC) and the name the station gave.
    static func account(of station: StationReport) -> String {
        let times = ISO8601DateFormatter()
        let steps = station.events.map { event in
            "\(event.action.rawValue) \(times.string(from: event.time))" + (event.actor.map { " by \($0)" } ?? "")
        }
        return ([station.source] + steps).joined(separator: "; ")
    }
}
