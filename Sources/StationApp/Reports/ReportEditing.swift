import Foundation
import Localization
import StationCore

#if canImport(Glibc)
    import Glibc
#endif

/// What `reports list` was asked for.
public struct ReportListRequest: Sendable {
    public var query = ReportQuery()
    public var json = false
    public init() {}
}

/// What `reports edit` was asked for.
public struct ReportEditRequest: Sendable {
    public var textFile: String?
    public var reason: String?
    public var author: String?
    public init() {}
}

/// `reports edit` and `reports delete` as the desk takes them: the text from a file, and the question a
/// deletion asks on the terminal.
enum ReportEditing {
    /// `reports edit ID --text-file FILE`: a correction from a script, as the logged-in user, while no
    /// one else corrects the report (the same claim the screen's editor takes).
    @MainActor
    static func edit(_ id: Int64, _ request: ReportEditRequest, at desk: ReportDesk) async throws {
        let file = request.textFile ?? ""
        let text: String
        do {
            text = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw ReportEditFailure(
                description: tr("The text file \(file) cannot be read: check its name and that it is UTF-8 text."))
        }
        switch try await desk.save(id, text: text, reason: request.reason) {
        case .unchanged: printText(tr("Report \(id) already has this text; nothing saved."))
        case .revised(let saved): printText(tr("Saved a new revision of report \(id) (\(saved.status.word))."))
        }
    }

    /// `reports delete ID [--yes]`: a draft of the user's, after a question on the terminal (`--yes`
    /// answers it where there is none). Returns the exit status.
    @MainActor
    static func deleteDraft(_ id: Int64, confirmed: Bool, at desk: ReportDesk) async throws -> Int32 {
        let asksOnTerminal = !confirmed && isatty(STDIN_FILENO) == 1
        var asked: Report?
        let outcome = try await desk.deleteDraft(id) { report in
            asked = report
            if confirmed { return true }
            guard asksOnTerminal else {
                printError(
                    "dictation-station: "
                        + tr(
                            "reports delete asks before it deletes report \(id), and there is no terminal to ask on; add --yes to delete it."
                        ))
                return false
            }
            return ask(about: report)
        }
        guard case .deleted(let event) = outcome else {
            if asksOnTerminal { printText(tr("Report \(id) is kept.")) }
            return ExitStatus.failure
        }
        let session = event.sessionName
        printText(
            asked?.audioFile == nil
                ? tr(
                    "Deleted draft report \(id) (session \"\(session)\"); the session's history keeps who deleted it and when."
                )
                : tr(
                    "Deleted draft report \(id) and its audio (session \"\(session)\"); the session's history keeps who deleted it and when."
                ))
        return ExitStatus.success
    }

    /// Asks on the terminal; only y (or yes) deletes.
    private static func ask(about report: Report) -> Bool {
        let (id, session, opening) = (report.id, report.sessionName, report.firstLine)
        printText(
            report.audioFile == nil
                ? tr(
                    "Delete draft report \(id) of \"\(session)\" (\(opening))? Its text cannot be brought back; the session's history keeps who deleted it and when. y deletes: "
                )
                : tr(
                    "Delete draft report \(id) of \"\(session)\" (\(opening))? Its text and its audio cannot be brought back; the session's history keeps who deleted it and when. y deletes: "
                ),
            terminator: "")
        fflush(nil)
        return TerminalAnswer.isYes(readLine())
    }
}

/// A correction from the command line that cannot be made, said as what to do.
struct ReportEditFailure: Error, CustomStringConvertible {
    var description: String
}
