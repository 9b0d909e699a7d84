import Foundation

/// Where transcribed dictations are kept, corrected and found again.
public protocol ReportStore: Sendable {
    /// Stores a new report as a draft whose original and current text are the decoded text.
    func add(_ report: NewReport) async throws -> Report
    /// Reports newest first, optionally only those matching a full-text `search`.
    func reports(search: String?, limit: Int, offset: Int) async throws -> [Report]
    /// One report, or nil when there is none with that id.
    func report(id: Int64) async throws -> Report?
    /// Saves corrected text as a new revision; the original stays.
    func revise(id: Int64, text: String, at time: Date) async throws -> Report
    /// Changes a report's status.
    func setStatus(id: Int64, _ status: ReportStatus) async throws
    /// Every revision of a report, oldest first.
    func revisions(id: Int64) async throws -> [ReportRevision]
    /// Deletes a report and its audio file.
    func delete(id: Int64) async throws
}

/// Where sessions are kept across restarts.
public protocol SessionStore: Sendable {
    func loadSessions() async throws -> [SessionRecord]
    func save(_ session: SessionRecord) async throws
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
