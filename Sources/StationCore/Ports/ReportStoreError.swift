/// Why a report store refused a request about one report.
public enum ReportStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There is no report with this id (it may have been deleted by another station process).
    case noSuchReport(id: Int64)

    public var description: String {
        switch self {
        case .noSuchReport(let id): "There is no report \(id)."
        }
    }
}
