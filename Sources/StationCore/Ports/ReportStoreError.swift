/// Why a report store refused a request about one report.
public enum ReportStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There is no report with this id (it may have been deleted by another station process).
    case noSuchReport(id: Int64)
    /// A signed report is changed only by an amendment, which says why.
    case amendmentNeedsReason(id: Int64)
    /// The report is signed already (by that signer).
    case alreadySigned(id: Int64, by: String?)

    public var description: String {
        switch self {
        case .noSuchReport(let id): "There is no report \(id)."
        case .amendmentNeedsReason(let id):
            "Report \(id) is signed: a change to it is an amendment and needs a reason."
        case .alreadySigned(let id, let signer): "Report \(id) is signed already\(signer.map { " by \($0)" } ?? "")."
        }
    }
}
