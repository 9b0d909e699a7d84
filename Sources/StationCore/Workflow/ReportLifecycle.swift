import Foundation

/// The rules of a report's life, shared by every store and the desk: draft → corrected → signed, a
/// signed report changed only by an amendment with a reason, a signed or amended report never deleted,
/// and a report entered in error kept as it is.
public enum ReportLifecycle {
    /// The status after a change of text. A signed (or amended) report needs a reason; an unsigned one
    /// takes none, so a reason given is never dropped unseen.
    public static func status(
        afterRevising report: Report, reason: String?
    ) throws(ReportStoreError)
        -> ReportStatus
    {
        try checkInUse(report)
        switch report.status {
        case .draft, .corrected:
            guard isBlank(reason) else { throw .reasonOnlyForAmendments(id: report.id, status: report.status) }
            return .corrected
        case .signed, .amended:
            guard !isBlank(reason) else { throw .amendmentNeedsReason(id: report.id) }
            return .amended
        }
    }

    /// The event a change of text is recorded as.
    public static func event(revisingTo status: ReportStatus) -> ReportEvent.Action {
        status == .amended ? .amended : .corrected
    }

    /// Signing: a report signed already is refused (an amendment is signed by being made).
    public static func status(afterSigning report: Report) throws(ReportStoreError) -> ReportStatus {
        try checkInUse(report)
        guard !report.status.isSigned else { throw .alreadySigned(id: report.id, by: report.signedBy) }
        return .signed
    }

    /// Only an unsigned report may be deleted; a signed or amended one, or one entered in error, is kept.
    public static func checkDeleting(_ report: Report) throws(ReportStoreError) {
        try checkInUse(report)
        guard !report.status.isSigned else { throw .neverDeleted(id: report.id, status: report.status) }
    }

    /// Entering a report in error takes a reason, once.
    public static func checkEnteringInError(_ report: Report, reason: String) throws(ReportStoreError) {
        try checkInUse(report)
        guard !isBlank(reason) else { throw .enteredInErrorNeedsReason(id: report.id) }
    }

    /// A report entered in error changes no more.
    public static func checkInUse(_ report: Report) throws(ReportStoreError) {
        guard report.enteredInError == nil else { throw .enteredInError(id: report.id) }
    }

    static func isBlank(_ text: String?) -> Bool {
        (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }
}
