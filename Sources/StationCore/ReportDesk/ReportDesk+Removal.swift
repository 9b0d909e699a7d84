import Foundation

/// Taking a report out of use: a draft deleted by its author (the deletion stays in the session's
/// history), any other wrong report entered in error with a reason and kept.
extension ReportDesk {
    /// What came of a deletion that was asked about.
    public enum Deletion: Sendable, Equatable {
        /// Deleted; the session's history keeps this record of it.
        case deleted(SessionEvent)
        /// The person said no: nothing changed.
        case kept(Report)
    }

    /// Deletes a draft of the user's with its audio, under its claim. `confirm` is asked about the
    /// report as it is now, after every check and while the claim is held, so the answer is about what
    /// is deleted; a caller that asked already (a dialog) passes none.
    public func deleteDraft(
        _ id: Int64, confirm: ((Report) async -> Bool)? = nil
    ) async throws(ReportRefusal) -> Deletion {
        guard let user else { throw .unknownUser(step: .delete) }
        try begin(id, .delete)
        defer { end(id) }
        let current = try await report(id)
        if let refusal = refusal(toDelete: current) { throw refusal }
        if let confirm, await !confirm(current) { return .kept(current) }
        do {
            return .deleted(try await store.deleteDraft(id: id, by: user, at: clock.wallTime))
        } catch {
            throw await refusal(error, id: id, step: .delete)
        }
    }

    /// Marks the report entered in error with `reason`, under its claim: it is kept with its audio and
    /// history, lists leave it out unless asked, and exports say so.
    public func enterInError(_ id: Int64, reason: String) async throws(ReportRefusal) -> Report {
        guard let user else { throw .unknownUser(step: .enterInError) }
        let reason = try checkReason(reason, for: .enterInError)
        try begin(id, .enterInError)
        defer { end(id) }
        let current = try await report(id)
        if let refusal = refusal(toEnterInError: current) { throw refusal }
        do {
            return try await store.markEnteredInError(id: id, by: user, at: clock.wallTime, reason: reason)
        } catch {
            throw await refusal(error, id: id, step: .enterInError)
        }
    }
}
