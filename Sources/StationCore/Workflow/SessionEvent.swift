import Foundation

/// A step in a session's history that outlives what it was about: a draft report its author deleted.
/// The report's text and audio are gone; who deleted it, when, and what it was stay.
public struct SessionEvent: Sendable, Equatable {
    public enum Action: String, Sendable {
        case reportDeleted = "report-deleted"
    }

    /// The session's name at the time (reports name their session so).
    public var sessionName: String
    public var action: Action
    /// Who took the step.
    public var actor: String?
    public var time: Date
    /// The report it was about, as it was then: its id, phase, author and when it was dictated.
    public var reportID: Int64?
    public var reportStatus: ReportStatus?
    public var reportAuthor: String?
    public var reportCreated: Date?

    public init(
        sessionName: String, action: Action, actor: String?, time: Date, reportID: Int64? = nil,
        reportStatus: ReportStatus? = nil, reportAuthor: String? = nil, reportCreated: Date? = nil
    ) {
        self.sessionName = sessionName
        self.action = action
        self.actor = actor
        self.time = time
        self.reportID = reportID
        self.reportStatus = reportStatus
        self.reportAuthor = reportAuthor
        self.reportCreated = reportCreated
    }

    /// The deletion of `report` by `actor` at `time`.
    public static func deletion(of report: Report, by actor: String, at time: Date) -> SessionEvent {
        SessionEvent(
            sessionName: report.sessionName, action: .reportDeleted, actor: actor, time: time, reportID: report.id,
            reportStatus: report.status, reportAuthor: report.author, reportCreated: report.created)
    }
}
