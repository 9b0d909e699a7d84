import Foundation

/// Where transcribed dictations are kept, corrected and found again.
public protocol ReportStore: Sendable {
    /// Stores a new report as a draft whose original and current text are the decoded text; with
    /// `session`, saves that session record in the same transaction, so a dictation can never be both
    /// stored as a report and still pending in its session (a crash between the two would send it twice).
    func add(_ report: NewReport, ending session: SessionRecord?) async throws -> Report
    /// The report that keeps `audioFile`, if any: audio a report owns is never sent again nor deleted.
    func report(owningAudio audioFile: URL) async throws -> Report?
    /// The reports `query` asks for: urgent ones first, then newest first.
    func reports(_ query: ReportQuery, limit: Int, offset: Int) async throws -> [Report]
    /// One report, or nil when there is none with that id.
    func report(id: Int64) async throws -> Report?
    /// Saves changed text as a new revision by `author`; the original stays. A draft becomes corrected;
    /// a signed report becomes amended, which needs a `reason` (`ReportStoreError.amendmentNeedsReason`),
    /// and an unsigned one takes none. Each store enforces `ReportLifecycle`.
    func revise(id: Int64, text: String, at time: Date, by author: String?, reason: String?) async throws -> Report
    /// Signs a report as `signer`: it becomes final. Signing a report already signed is refused.
    func sign(id: Int64, by signer: String, at time: Date) async throws -> Report
    /// Takes a report out of use as wrong, with `reason`: it is kept, with its audio and history, and
    /// lists leave it out unless asked (`ReportQuery.includeEnteredInError`).
    func markEnteredInError(id: Int64, by actor: String, at time: Date, reason: String) async throws -> Report
    /// Every step of a report's life with who took it, oldest first.
    func events(id: Int64) async throws -> [ReportEvent]
    /// Every revision of a report, oldest first.
    func revisions(id: Int64) async throws -> [ReportRevision]
    /// Deletes an unsigned report and its audio file, and records the deletion in its session's history
    /// (returned). A signed or amended report, or one entered in error, is never deleted
    /// (`ReportStoreError.neverDeleted`, `.enteredInError`).
    func deleteDraft(id: Int64, by actor: String, at time: Date) async throws -> SessionEvent
    /// The deletion of a report that is gone, from its session's history; nil when none was recorded.
    func deletion(ofReport id: Int64) async throws -> SessionEvent?
}

extension ReportStore {
    /// Stores a new report that ends no session's dictation (an import).
    public func add(_ report: NewReport) async throws -> Report { try await add(report, ending: nil) }

    /// Reports newest first (urgent ones before the rest), optionally only those matching `search`.
    public func reports(search: String?, limit: Int, offset: Int) async throws -> [Report] {
        try await reports(ReportQuery(search: search), limit: limit, offset: offset)
    }
}

/// Where sessions are kept across restarts, shared by every station process on the data directory.
public protocol SessionStore: Sendable {
    func loadSessions() async throws -> [SessionRecord]
    /// One session as saved now, or nil when there is none with that id.
    func session(id: SessionID) async throws -> SessionRecord?
    func save(_ session: SessionRecord) async throws
    /// Renames a session without touching its dictation, which another process may hold.
    func renameSession(id: SessionID, to name: String) async throws
    /// Sets the patient, work type and priority of a session's next reports, and nothing else.
    func setProperties(of id: SessionID, _ properties: DictationProperties) async throws
    /// Forgets a session, unless it holds a dictation (then it stays, so its audio is never lost).
    func deleteSession(id: SessionID) async throws
}

/// Small named settings (the chosen locale, the capture source).
public protocol SettingsStore: Sendable {
    func setting(_ key: String) async throws -> String?
    func setSetting(_ key: String, _ value: String?) async throws
}

/// The names of the settings the station keeps.
public enum SettingKey {
    public static let locale = "locale"
    public static let captureSource = "capture.source"
    public static let selectedSession = "session.selected"
}
