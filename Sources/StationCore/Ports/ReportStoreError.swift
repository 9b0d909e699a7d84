import Localization

/// Why a report store refused a request about one report. The store enforces a report's life as a
/// database would; what a person is told comes from `ReportDesk` (`ReportRefusal`).
public enum ReportStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There is no report with this id (it may have been deleted by another station process).
    case noSuchReport(id: Int64)
    /// A signed report is changed only by an amendment, which says why.
    case amendmentNeedsReason(id: Int64)
    /// A reason goes only with an amendment; the report is not signed.
    case reasonOnlyForAmendments(id: Int64, status: ReportStatus)
    /// The report is signed already (by that signer).
    case alreadySigned(id: Int64, by: String?)
    /// A signed or amended report is never deleted.
    case neverDeleted(id: Int64, status: ReportStatus)
    /// The report was entered in error: it is kept as it is, changes no more and is never deleted.
    case enteredInError(id: Int64)
    /// Entering a report in error needs a reason.
    case enteredInErrorNeedsReason(id: Int64)
    /// The store's own rules do not let the one connected take this step (a clinic store: only the
    /// author signs); `reason` is the store's, naming whose report it is.
    case notAllowed(id: Int64, reason: String)

    public var description: String {
        switch self {
        case .noSuchReport(let id): tr("There is no report \(id).")
        case .amendmentNeedsReason(let id):
            tr("Report \(id) is signed: a change to it is an amendment and needs a reason.")
        case .reasonOnlyForAmendments(let id, let status):
            tr("Report \(id) is \(status.word): a reason goes only with an amendment of a signed report.")
        case .alreadySigned(let id, let signer):
            signer.map { tr("Report \(id) is signed already by \($0).") } ?? tr("Report \(id) is signed already.")
        case .neverDeleted(let id, let status): tr("Report \(id) is \(status.word): it is never deleted.")
        case .enteredInError(let id): tr("Report \(id) was entered in error: it is kept as it is.")
        case .enteredInErrorNeedsReason(let id): tr("Report \(id) is entered in error only with a reason.")
        case .notAllowed(_, let reason): reason
        }
    }
}
