import Foundation
import Localization

/// A step of a report's life, as refusals name it.
public enum ReportStep: Sendable, Equatable {
    case read, correct, sign, delete, enterInError
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
            let who = holder.map { "\($0)" } ?? tr("someone at another station")
            return switch step {
            case .read, .correct: tr("Report \(id) is being corrected by \(who). Try again when they are done.")
            case .sign: tr("Report \(id) is being corrected by \(who). Sign it when they are done.")
            case .delete: tr("Report \(id) is being corrected by \(who). It is not deleted while they correct it.")
            case .enterInError:
                tr("Report \(id) is being corrected by \(who). Mark it entered in error when they are done.")
            }
        case .openHere(let id, let step):
            return switch step {
            case .read: tr("Report \(id) is open in your editor: save or close it first, then read it.")
            case .correct: tr("Report \(id) is open in your editor: save or close it first, then correct it.")
            case .sign: tr("Report \(id) is open in your editor: save or close it first, then sign it.")
            case .delete: tr("Report \(id) is open in your editor: save or close it first, then delete it.")
            case .enterInError:
                tr("Report \(id) is open in your editor: save or close it first, then mark it entered in error.")
            }
        case .busy(let id):
            return tr("Report \(id) is being saved here just now; try again in a moment.")
        case .noSuchReport(let id):
            return tr("There is no report \(id).")
        case .deleted(let event, let when):
            var what = [event.reportStatus?.word ?? ReportStatus.draft.word, tr("session \"\(event.sessionName)\"")]
            if let author = event.reportAuthor { what.append(tr("dictated by \(author)")) }
            let details = what.joined(separator: ", ")
            let actor = event.actor ?? tr("unknown")
            return event.reportID.map { tr("Report \($0) (\(details)) was deleted by \(actor) on \(when).") }
                ?? tr("The report (\(details)) was deleted by \(actor) on \(when).")
        case .unknownUser(let step):
            return switch step {
            case .read: tr("The station does not know who you are, so it cannot read reports.")
            case .correct: tr("The station does not know who you are, so it cannot correct reports.")
            case .sign: tr("The station does not know who you are, so it cannot sign reports.")
            case .delete: tr("The station does not know who you are, so it cannot delete reports.")
            case .enterInError:
                tr("The station does not know who you are, so it cannot mark reports entered in error.")
            }
        case .alreadySigned(let id, let signer, let when):
            return switch (signer, when) {
            case (let signer?, let when?):
                tr(
                    "Report \(id) is signed already by \(signer) on \(when); a change to it is an amendment with a reason."
                )
            case (let signer?, nil):
                tr("Report \(id) is signed already by \(signer); a change to it is an amendment with a reason.")
            case (nil, let when?):
                tr("Report \(id) is signed already on \(when); a change to it is an amendment with a reason.")
            case (nil, nil): tr("Report \(id) is signed already; a change to it is an amendment with a reason.")
            }
        case .notRead(let id):
            return tr("Open report \(id) and read it before signing it: S signs from the report view (Enter opens it).")
        case .changedSinceRead(let id):
            return tr("Report \(id) changed since it was shown to you: read it again before signing it.")
        case .amendmentNeedsReason(let id):
            return tr("Report \(id) is signed: a change to it is an amendment and needs a reason (--reason TEXT).")
        case .reasonOnlyForAmendments(let id, let status):
            return status == .draft
                ? tr("Report \(id) is a draft: --reason is only for amending a signed report.")
                : tr("Report \(id) is corrected but not signed: --reason is only for amending a signed report.")
        case .reasonMissing(let step):
            return step == .enterInError
                ? tr("A report is marked entered in error only with a reason: say what is wrong with it.")
                : tr("A signed report changes only with a reason.")
        case .textTooLong(let id, let bytes, let limit):
            let size = TextSize.said(bytes)
            let most = TextSize.said(limit)
            return tr(
                "The text for report \(id) is \(size), and a report holds at most \(most): nothing was saved. Shorten it and save again."
            )
        case .reasonUnfit(let problem):
            return tr("The reason: \(problem).")
        case .enteredInError(let id, let mark, let when):
            return tr(
                "Report \(id) was entered in error by \(mark.by) on \(when) (\"\(mark.reason)\"). It is kept as it is: it changes no more and is never deleted."
            )
        case .neverDeleted(let id, let status):
            return tr(
                "Report \(id) is \(status.word): it is never deleted. If it is wrong, mark it entered in error with a reason (R in the station, or reports retire \(id) --reason TEXT)."
            )
        case .notTheAuthor(let id, let author):
            return author.map {
                tr(
                    "Report \(id) is a draft by \($0): only its author deletes it. If it is wrong, mark it entered in error with a reason."
                )
            }
                ?? tr(
                    "Report \(id) is from before authors were recorded: it has no author to delete it. If it is wrong, mark it entered in error with a reason."
                )
        case .notAllowed(_, let reason):
            return reason
        case .failed(let id, let step, let detail):
            return switch step {
            case .read: tr("Report \(id) could not be read (\(detail)). Check the data directory.")
            case .correct: tr("Report \(id) could not be saved (\(detail)). Check the data directory.")
            case .sign: tr("Report \(id) could not be signed (\(detail)). Check the data directory.")
            case .delete: tr("Report \(id) could not be deleted (\(detail)). Check the data directory.")
            case .enterInError:
                tr("Report \(id) could not be marked entered in error (\(detail)). Check the data directory.")
            }
        }
    }
}
