/// The rules of a report's life, shared by every store: draft → corrected → signed, and a signed report
/// changed only by an amendment with a reason.
public enum ReportLifecycle {
    /// The status after a change of text; a signed (or amended) report needs a reason.
    public static func status(
        afterRevising status: ReportStatus, id: Int64, reason: String?
    ) throws(ReportStoreError)
        -> ReportStatus
    {
        switch status {
        case .draft, .corrected: return .corrected
        case .signed, .amended:
            guard let reason, !reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw .amendmentNeedsReason(id: id)
            }
            return .amended
        }
    }

    /// The event a change of text is recorded as.
    public static func event(revisingTo status: ReportStatus) -> ReportEvent.Action {
        status == .amended ? .amended : .corrected
    }

    /// Signing: a report signed already is refused (an amendment is signed by being made).
    public static func status(
        afterSigning status: ReportStatus, id: Int64, signedBy: String?
    ) throws(ReportStoreError)
        -> ReportStatus
    {
        guard status == .draft || status == .corrected else { throw .alreadySigned(id: id, by: signedBy) }
        return .signed
    }
}
