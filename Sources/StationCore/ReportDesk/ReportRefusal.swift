import Foundation

/// A step of a report's life, as refusals name it.
public enum ReportStep: Sendable, Equatable {
    case read, correct, sign, delete, enterInError

    /// "sign", "mark entered in error": what the person asked to do.
    var verb: String {
        switch self {
        case .read: "read"
        case .correct: "correct"
        case .sign: "sign"
        case .delete: "delete"
        case .enterInError: "mark entered in error"
        }
    }

    /// "signed", "marked entered in error".
    var done: String {
        switch self {
        case .read: "read"
        case .correct: "saved"
        case .sign: "signed"
        case .delete: "deleted"
        case .enterInError: "marked entered in error"
        }
    }
}

/// Why `ReportDesk` did not take a step, in the words of the person who asked: the screen, the command
/// line and the control socket all show this text.
public enum ReportRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// Someone at another station process corrects it now (`by`, when the claim could be read).
    case beingCorrected(id: Int64, by: DictationHolder?, step: ReportStep)
    /// This station's own editor has it open.
    case openHere(id: Int64, step: ReportStep)
    /// Another step on it runs at this station now (a save or a signature under way).
    case busy(id: Int64)
    case noSuchReport(id: Int64)
    /// Its author deleted it (a draft); `when` is the deletion's time as a person reads it.
    case deleted(SessionEvent, when: String)
    /// The station does not know its user, so it cannot take a step that needs a name.
    case unknownUser(step: ReportStep)
    case alreadySigned(id: Int64, by: String?, when: String?)
    /// A signature needs the report's text shown to the signer first (the report view, not the list).
    case notRead(id: Int64)
    /// The text changed since it was shown: what would be signed is not what was read.
    case changedSinceRead(id: Int64)
    /// A change to a signed report is an amendment: it needs a reason.
    case amendmentNeedsReason(id: Int64)
    /// A reason was given for an unsigned report, which takes none.
    case reasonOnlyForAmendments(id: Int64, status: ReportStatus)
    /// An amendment or an entry in error without a reason.
    case reasonMissing(step: ReportStep)
    /// A text larger than a report keeps (`bytes` over `limit`, in UTF-8 bytes).
    case textTooLong(id: Int64, bytes: Int, limit: Int)
    /// A reason that cannot be kept as typed (too long, control characters).
    case reasonUnfit(problem: String)
    case enteredInError(id: Int64, EnteredInError, when: String)
    /// Signed or amended: never deleted.
    case neverDeleted(id: Int64, status: ReportStatus)
    /// A draft is deleted only by its author (`author`; nil for one from before authors were recorded).
    case notTheAuthor(id: Int64, author: String?)
    /// The store could not take the step (`detail` says why).
    case failed(id: Int64, step: ReportStep, detail: String)
    /// The store's own rules do not let this person take the step (`reason` is the store's).
    case notAllowed(id: Int64, reason: String)

    public var description: String {
        switch self {
        case .beingCorrected(let id, let holder, let step):
            let who = holder.map { "\($0)" } ?? "someone at another station"
            let advice =
                switch step {
                case .read, .correct: "Try again when they are done."
                case .sign: "Sign it when they are done."
                case .delete: "It is not deleted while they correct it."
                case .enterInError: "Mark it entered in error when they are done."
                }
            return "Report \(id) is being corrected by \(who). \(advice)"
        case .openHere(let id, let step):
            return "Report \(id) is open in your editor: save or close it first, then \(step.verb) it."
        case .busy(let id):
            return "Report \(id) is being saved here just now; try again in a moment."
        case .noSuchReport(let id):
            return "There is no report \(id)."
        case .deleted(let event, let when):
            let id = event.reportID.map { "Report \($0)" } ?? "The report"
            var what = [event.reportStatus?.rawValue ?? "draft", "session \"\(event.sessionName)\""]
            if let author = event.reportAuthor { what.append("dictated by \(author)") }
            return "\(id) (\(what.joined(separator: ", "))) was deleted by \(event.actor ?? "unknown") on \(when)."
        case .unknownUser(let step):
            return "The station does not know who you are, so it cannot \(step.verb) reports."
        case .alreadySigned(let id, let signer, let when):
            let by = signer.map { " by \($0)" } ?? ""
            let at = when.map { " on \($0)" } ?? ""
            return "Report \(id) is signed already\(by)\(at); a change to it is an amendment with a reason."
        case .notRead(let id):
            return "Open report \(id) and read it before signing it: S signs from the report view (Enter opens it)."
        case .changedSinceRead(let id):
            return "Report \(id) changed since it was shown to you: read it again before signing it."
        case .amendmentNeedsReason(let id):
            return "Report \(id) is signed: a change to it is an amendment and needs a reason (--reason TEXT)."
        case .reasonOnlyForAmendments(let id, let status):
            let phase = status == .draft ? "a draft" : "corrected but not signed"
            return "Report \(id) is \(phase): --reason is only for amending a signed report."
        case .reasonMissing(let step):
            return step == .enterInError
                ? "A report is marked entered in error only with a reason: say what is wrong with it."
                : "A signed report changes only with a reason."
        case .textTooLong(let id, let bytes, let limit):
            return "The text for report \(id) is \(TextSize.said(bytes)), and a report holds at most "
                + "\(TextSize.said(limit)): nothing was saved. Shorten it and save again."
        case .reasonUnfit(let problem):
            return "The reason: \(problem)."
        case .enteredInError(let id, let mark, let when):
            return "Report \(id) was entered in error by \(mark.by) on \(when) (\"\(mark.reason)\"). It is kept as it "
                + "is: it changes no more and is never deleted."
        case .neverDeleted(let id, let status):
            return "Report \(id) is \(status.rawValue): it is never deleted. If it is wrong, mark it entered in error "
                + "with a reason (R in the station, or reports retire \(id) --reason TEXT)."
        case .notTheAuthor(let id, let author):
            let whose =
                author.map { "is a draft by \($0): only its author deletes it" }
                ?? "is from before authors were recorded: it has no author to delete it"
            return "Report \(id) \(whose). If it is wrong, mark it entered in error with a reason."
        case .notAllowed(_, let reason):
            return reason
        case .failed(let id, let step, let detail):
            return "Report \(id) could not be \(step.done) (\(detail)). Check the data directory."
        }
    }
}
