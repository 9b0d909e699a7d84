import Foundation

/// Every step of a report's life, for every way in (the screen, the command line, the control socket):
/// open for correction, revise, amend with a reason, sign, release, delete a draft, enter in error,
/// and ask for training. The callers hold no rule of their own; what they tell a person when a step is
/// refused is the desk's `ReportRefusal`.
///
/// One person corrects a report at a time, across every station process: opening a report for
/// correction claims it (`ReportEditLocking`), and signing, deleting or entering it in error take the
/// same claim while they run, so no one signs or deletes a text someone else is changing. The store
/// enforces the lifecycle too (`ReportLifecycle`), as a database would.
///
/// On the main actor: every caller is, and what the desk keeps (the corrections open here) is the
/// station's state; the store's work runs on the store's own connection.
@MainActor
public final class ReportDesk {
    /// Who acts: the station's user, recorded as the one who corrects, signs, deletes and enters in error.
    public let user: String?
    /// The zone times in refusals are said in.
    public let timeZone: TimeZone
    let store: any ReportStore
    let claims: any ReportEditLocking
    let training: (any ProfileTrainingRequests)?
    let clock: any StationClock
    /// Reports open for correction here; their claims are held until `close`.
    public private(set) var openCorrections: Set<Int64> = []
    /// Reports a step runs on now (a save, a signature, a deletion), so no second one starts beside it.
    private var stepsUnderWay: Set<Int64> = []

    /// The longest reason kept, for amendments and entries in error.
    public static let reasonLimit = 500
    /// The largest text a report keeps, in UTF-8 bytes. 256 KB is about 40,000 words, four hours of
    /// speech without a pause; the longest clinical reports (discharge summaries, operation notes) are a
    /// few thousand words. A text far beyond that is a wrong file, and every station would pay for it on
    /// every frame and every reload.
    public static let textLimit = 256 * 1024

    public init(
        store: any ReportStore, claims: any ReportEditLocking, training: (any ProfileTrainingRequests)?,
        clock: any StationClock, user: String?, timeZone: TimeZone = .current
    ) {
        self.store = store
        self.claims = claims
        self.training = training
        self.clock = clock
        self.user = user
        self.timeZone = timeZone
    }

    /// What the outcome of a save was.
    public enum Saved: Sendable, Equatable {
        /// A new revision (a correction, or an amendment with its reason).
        case revised(Report)
        /// The text is the report's already: nothing was saved.
        case unchanged(Report)
    }

    // MARK: Reading

    /// The report as stored now. One that is gone is refused saying who deleted it and when.
    public func report(_ id: Int64) async throws(ReportRefusal) -> Report {
        let found: Report?
        do {
            found = try await store.report(id: id)
        } catch {
            throw .failed(id: id, step: .read, detail: "\(error)")
        }
        guard let found else { throw await missing(id) }
        return found
    }

    // MARK: Correcting

    /// Opens `report` for correction here: claims it across every station process, until `close`.
    public func open(_ report: Report) throws(ReportRefusal) {
        if let refusal = refusal(toCorrect: report) { throw refusal }
        guard !stepsUnderWay.contains(report.id) else { throw .busy(id: report.id) }
        try claim(report.id, for: .correct)
        openCorrections.insert(report.id)
    }

    /// Ends a correction: the claim goes back (after a step still running on it).
    public func close(_ id: Int64) {
        guard openCorrections.remove(id) != nil, !stepsUnderWay.contains(id) else { return }
        claims.release(report: id)
    }

    /// Whether saving a change to `report` as known makes an amendment, which asks for a reason first.
    public func savingNeedsReason(_ report: Report) -> Bool {
        report.status.isSigned && report.enteredInError == nil
    }

    /// Saves `text` as a new revision: a correction, or with `reason` an amendment of a signed report.
    /// A report open here keeps its claim; otherwise the save claims it for itself (a one-shot command).
    /// A report signed since it was read refuses a save without a reason (`amendmentNeedsReason`): the
    /// caller asks for the reason and keeps the text.
    public func save(_ id: Int64, text: String, reason: String? = nil) async throws(ReportRefusal) -> Saved {
        let size = text.utf8.count
        guard size <= Self.textLimit else { throw .textTooLong(id: id, bytes: size, limit: Self.textLimit) }
        try begin(id, .correct)
        defer { end(id) }
        let current = try await report(id)
        if let refusal = refusal(toCorrect: current) { throw refusal }
        var kept: String?
        if current.status.isSigned {
            guard let reason else { throw .amendmentNeedsReason(id: id) }
            kept = try checkReason(reason, for: .correct)
        } else if reason != nil {
            throw .reasonOnlyForAmendments(id: id, status: current.status)
        }
        guard text != current.text else { return .unchanged(current) }
        let saved: Report
        do {
            saved = try await store.revise(id: id, text: text, at: clock.wallTime, by: user, reason: kept)
        } catch {
            throw await refusal(error, id: id, step: .correct)
        }
        askForTraining(after: saved)
        return .revised(saved)
    }

    /// A reason for an amendment or an entry in error, trimmed; refused when empty or not fit to keep.
    public func checkReason(_ text: String, for step: ReportStep) throws(ReportRefusal) -> String {
        let reason = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty else { throw .reasonMissing(step: step) }
        if let problem = Patient.problem(with: reason, limit: Self.reasonLimit) { throw .reasonUnfit(problem: problem) }
        return reason
    }

    // MARK: Checks (before a question is asked; each step checks again under its claim)

    /// Why `report` cannot be corrected, or nil.
    public func refusal(toCorrect report: Report) -> ReportRefusal? {
        lifecycle(report) { try ReportLifecycle.checkInUse($0) }
    }

    /// Why `report` cannot be signed by the user, or nil, whatever was shown of it (`ReportDesk+Signing`
    /// adds the reading).
    public func refusal(toSign report: Report) -> ReportRefusal? {
        guard user != nil else { return .unknownUser(step: .sign) }
        return lifecycle(report) { _ = try ReportLifecycle.status(afterSigning: $0) }
    }

    /// Why the user cannot delete `report`, or nil: only an unsigned draft, by its author.
    public func refusal(toDelete report: Report) -> ReportRefusal? {
        guard let user else { return .unknownUser(step: .delete) }
        if let refusal = lifecycle(report, { try ReportLifecycle.checkDeleting($0) }) { return refusal }
        guard report.author == user else { return .notTheAuthor(id: report.id, author: report.author) }
        return nil
    }

    /// Why the user cannot enter `report` in error, or nil.
    public func refusal(toEnterInError report: Report) -> ReportRefusal? {
        guard user != nil else { return .unknownUser(step: .enterInError) }
        return lifecycle(report) { try ReportLifecycle.checkInUse($0) }
    }

    // MARK: Claims, steps, refusals

    /// Claims `id` for a step; says who corrects it when another process does.
    func claim(_ id: Int64, for step: ReportStep) throws(ReportRefusal) {
        if case .heldElsewhere(let holder) = claims.claim(report: id) {
            throw .beingCorrected(id: id, by: holder, step: step)
        }
    }

    /// Starts a step on `id`: one at a time, under the claim (a correction open here holds it already;
    /// any other step waits until that correction is saved or closed).
    func begin(_ id: Int64, _ step: ReportStep) throws(ReportRefusal) {
        let open = openCorrections.contains(id)
        if open, step != .correct { throw .openHere(id: id, step: step) }
        guard !stepsUnderWay.contains(id) else { throw .busy(id: id) }
        if !open { try claim(id, for: step) }
        stepsUnderWay.insert(id)
    }

    /// Ends a step: the claim goes back unless a correction here still holds it.
    func end(_ id: Int64) {
        stepsUnderWay.remove(id)
        if !openCorrections.contains(id) { claims.release(report: id) }
    }

    /// After the user corrected or signed their own report, their voice profile may be due.
    func askForTraining(after report: Report) {
        guard let user, report.author == user, let training else { return }
        training.requestTraining(author: user, locale: report.locale)
    }

    /// Why `id` is not there: deleted (by whom, when), or never was.
    func missing(_ id: Int64) async -> ReportRefusal {
        guard let deletion = try? await store.deletion(ofReport: id) else { return .noSuchReport(id: id) }
        return .deleted(deletion, when: said(deletion.time))
    }

    /// The lifecycle's verdict on `report`, as a refusal.
    private func lifecycle(_ report: Report, _ check: (Report) throws -> Void) -> ReportRefusal? {
        do {
            try check(report)
            return nil
        } catch let refused as ReportStoreError {
            return refusal(refused, about: report)
        } catch {
            return .failed(id: report.id, step: .read, detail: "\(error)")
        }
    }

    /// A store's refusal in the person's words, from the report as it is now.
    func refusal(_ error: ReportStoreError, about report: Report?) -> ReportRefusal {
        switch error {
        case .noSuchReport(let id): return .noSuchReport(id: id)
        case .amendmentNeedsReason(let id): return .amendmentNeedsReason(id: id)
        case .reasonOnlyForAmendments(let id, let status): return .reasonOnlyForAmendments(id: id, status: status)
        case .alreadySigned(let id, let signer):
            return .alreadySigned(id: id, by: signer, when: report?.signedAt.map(said))
        case .neverDeleted(let id, let status): return .neverDeleted(id: id, status: status)
        case .enteredInError(let id):
            guard let mark = report?.enteredInError else { return .failed(id: id, step: .read, detail: "\(error)") }
            return .enteredInError(id: id, mark, when: said(mark.at))
        case .enteredInErrorNeedsReason: return .reasonMissing(step: .enterInError)
        case .notAllowed(let id, let reason): return .notAllowed(id: id, reason: reason)
        }
    }

    /// A failure of a store call, as a refusal: its lifecycle refusals read against the report as it
    /// is now (another station may have changed it), anything else as a failure of the step.
    func refusal(_ error: any Error, id: Int64, step: ReportStep) async -> ReportRefusal {
        guard let refused = error as? ReportStoreError else { return .failed(id: id, step: step, detail: "\(error)") }
        if case .noSuchReport = refused { return await missing(id) }
        return refusal(refused, about: try? await store.report(id: id))
    }

    /// A time as refusals say it: "28 May 2026 20:31", in the interface language.
    func said(_ time: Date) -> String { DateWording.full(time, in: timeZone) }
}
