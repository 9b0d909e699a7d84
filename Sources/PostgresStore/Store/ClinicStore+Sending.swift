import Foundation
import Localization
import StationCore
import StationSystem

/// A sent dictation into the clinic store: the report, its audio and the session it ends in one
/// transaction, stored once however often it is sent; kept on this workstation while the server cannot
/// be reached, and delivered when it answers again.
extension ClinicStore {
    /// Stores the report, its audio (from `report.audioFile`, in chunks) and the session it ends in one
    /// transaction; once committed, the local recording is removed: the store keeps it now. A dictation
    /// sent twice (a send repeated after the connection was lost at its commit) is stored once: the
    /// second send finds the first one's report by the dictation's id (`dictationID(of:)`).
    ///
    /// While the server cannot be reached, a dictation with a recording is kept in the outbox instead
    /// (`DictationKept` is thrown: it counts as sent) and delivered before anything else is done once the
    /// server answers again.
    public func add(_ report: NewReport, ending session: SessionRecord?) async throws -> Report {
        do {
            let (stored, audioKept) = try perform {
                try connection.transaction { () throws -> (Report, Bool) in
                    let stored = try insert(report)
                    if let session { try save(session) }
                    return stored
                }
            }
            // Committed: the store keeps the recording, so no copy of a patient's audio stays here.
            if audioKept, let file = report.audioFile { try? PrivateFile.remove(file.path) }
            return stored
        } catch ClinicStoreError.unreachable(let store, let reason) {
            guard let outbox, let audio = report.audioFile else {
                throw ClinicStoreError.unreachable(store: store, reason: reason)
            }
            try outbox.keep(report, endingSession: session?.id)
            throw DictationKept(audioFile: audio)
        }
    }

    /// A dictation's id in the store: its recording's name, unique per dictation (session, time and a
    /// random part), so a repeated send of one dictation is recognized.
    static func dictationID(of audioFile: URL) -> String { audioFile.deletingPathExtension().lastPathComponent }

    /// Delivers what the outbox keeps, oldest first, each in a transaction of its own with the end of
    /// its session (if that still names its recording); stops at the first that fails (the server is
    /// away again), leaving it and the rest for later.
    func deliverWaiting() {
        guard let outbox, !outbox.isEmpty, connection.isOK else { return }
        for kept in outbox.waiting() {
            do {
                let report = try kept.report
                let (_, audioKept) = try connection.transaction { () throws -> (Report, Bool) in
                    let stored = try insert(report)
                    if let session = kept.sessionID {
                        try connection.query(
                            """
                            UPDATE dictation.sessions SET state = 'notRecording', elapsed_us = 0, audio_file = NULL,
                                updated = now()
                            WHERE id = $1 AND creator = session_user AND audio_file = $2
                            """, [session, kept.audioFile])
                    }
                    return stored
                }
                outbox.remove(kept)
                if audioKept { try? PrivateFile.remove(kept.audioFile) }
            } catch {
                return
            }
        }
    }

    /// In the caller's transaction: the report (with its audio) or, when this dictation was stored
    /// already, that report; and whether the store keeps the recording now.
    private func insert(_ report: NewReport) throws -> (Report, Bool) {
        let dictation = report.audioFile.map(Self.dictationID)
        if let dictation, let existing = try storedReport(dictation: dictation) {
            let kept = try connection.query(
                "SELECT 1 FROM dictation.report_audio_digests WHERE report_id = $1", [String(existing.id)])
            return (existing, !kept.isEmpty)
        }
        guard let id = try insertReportRow(report, dictationID: dictation) else {
            throw PostgresError(sqlState: "DS001", message: tr("the new report could not be read back"))
        }
        let audio = try report.audioFile.flatMap { try storeAudio(of: id, from: $0) }
        guard let stored = try reportNow(id: id) else {
            throw PostgresError(sqlState: "DS001", message: tr("the new report could not be read back"))
        }
        return (stored, audio != nil)
    }

    /// The report a dictation became, if it was stored already.
    private func storedReport(dictation: String) throws(PostgresError) -> Report? {
        try connection.query(
            "SELECT \(ReportRows.reportColumns(withWords: true)) FROM dictation.reports WHERE dictation_id = $1",
            [dictation]
        ).first.map(ReportRows.report)
    }
}
