import Foundation

/// Signing attests a reading: a report is signed only after its text was shown to the signer, only as
/// it was shown, and the question before it says how many of the decoder's unsure words were never
/// visited. The screen (from the report view), the command line (after printing the text) and any
/// other caller pass what they showed as a `ReportReading`.
extension ReportDesk {
    /// What came of a signature that was asked about.
    public enum Signature: Sendable, Equatable {
        case signed(Report)
        /// The person said no: nothing changed.
        case declined(Report)
    }

    /// Why `report` cannot be signed after `reading`, or nil: it was never shown (nil), or its text
    /// changed since it was, or the lifecycle refuses.
    public func refusal(toSign report: Report, after reading: ReportReading?) -> ReportRefusal? {
        if let refusal = refusal(toSign: report) { return refusal }
        guard let reading, reading.reportID == report.id else { return .notRead(id: report.id) }
        guard reading.text == report.text else { return .changedSinceRead(id: report.id) }
        return nil
    }

    /// The question before signing `report` as the caller knows it (with its words), after `reading`;
    /// `sign` checks again under the claim.
    public func signingQuestion(
        for report: Report, after reading: ReportReading
    ) throws(ReportRefusal)
        -> SigningQuestion
    {
        if let refusal = refusal(toSign: report, after: reading) { throw refusal }
        return SigningQuestion(report: report, reading: reading)
    }

    /// Signs the report as the user, holding its claim while it runs, if its text is still the one
    /// `reading` showed. `confirm` is asked the question about the report as it is now, after every
    /// check and under the claim; a caller that asked already (a dialog) passes none.
    public func sign(
        _ id: Int64, after reading: ReportReading, confirm: ((SigningQuestion) async -> Bool)? = nil
    ) async throws(ReportRefusal) -> Signature {
        guard let user else { throw .unknownUser(step: .sign) }
        try begin(id, .sign)
        defer { end(id) }
        let current = try await report(id)
        if let refusal = refusal(toSign: current, after: reading) { throw refusal }
        if let confirm, await !confirm(SigningQuestion(report: current, reading: reading)) {
            return .declined(current)
        }
        let signed: Report
        do {
            signed = try await store.sign(id: id, by: user, at: clock.wallTime)
        } catch {
            throw await refusal(error, id: id, step: .sign)
        }
        askForTraining(after: signed)
        return .signed(signed)
    }
}
