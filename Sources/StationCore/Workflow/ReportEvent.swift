import Foundation
import Localization

/// One step in a report's life, with who took it: created, corrected, signed, amended, entered in error,
/// imported.
public struct ReportEvent: Sendable, Equatable {
    public enum Action: String, Sendable, Codable {
        case created
        case corrected
        case signed
        case amended
        /// Taken out of use as wrong, with a reason; the report is kept.
        case enteredInError = "entered-in-error"
        /// Brought into the clinic store from a one-person station; the reason says what that station said.
        case imported

        /// How a person reads it: "entered in error".
        public var words: String {
            switch self {
            case .created: tr("created")
            case .corrected: tr("corrected")
            case .signed: tr("signed")
            case .amended: tr("amended")
            case .enteredInError: tr("entered in error")
            case .imported: tr("imported")
            }
        }
    }

    public var reportID: Int64
    public var action: Action
    /// Who did it; nil for steps taken before the station recorded authors.
    public var actor: String?
    public var time: Date
    /// The reason of an amendment, or why the report was entered in error.
    public var reason: String?

    public init(reportID: Int64, action: Action, actor: String?, time: Date, reason: String? = nil) {
        self.reportID = reportID
        self.action = action
        self.actor = actor
        self.time = time
        self.reason = reason
    }
}
