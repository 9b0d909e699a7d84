import Foundation
import Localization
import StationCore

#if canImport(Glibc)
    import Glibc
#endif

/// `reports sign ID [--yes]`: shows the report's text, says how many of the decoder's unsure words it
/// holds, and asks on the terminal (only y signs); where there is no terminal to ask on, `--yes` answers.
/// The desk checks, under the report's claim, that the text signed is the one shown.
enum ReportSigning {
    @MainActor
    static func sign(_ id: Int64, confirmed: Bool, at desk: ReportDesk) async throws -> Int32 {
        let shown = try await desk.report(id)
        // A report that cannot be signed (signed already, entered in error) is refused before it is shown.
        if let refusal = desk.refusal(toSign: shown) { throw refusal }
        printText(tr("Report \(id) (\(shown.status.word), session \"\(shown.sessionName)\"), as it would be signed:") + "\n")
        printText(shown.text.isEmpty ? tr("(empty)") : shown.text)
        printText("")
        let asksOnTerminal = !confirmed && isatty(STDIN_FILENO) == 1
        let outcome = try await desk.sign(id, after: ReportReading(showing: shown)) { question in
            if let summary = question.unsureSummary { printText(summary) }
            if confirmed { return true }
            guard asksOnTerminal else {
                printError(
                    "dictation-station: "
                        + tr(
                            "reports sign asks before it signs report \(id), and there is no terminal to ask on; read the text above and add --yes to sign it."
                        ))
                return false
            }
            return ask(question, as: desk.user ?? tr("you"))
        }
        guard case .signed(let signed) = outcome else {
            if asksOnTerminal { printText(tr("Report \(id) is not signed.")) }
            return ExitStatus.failure
        }
        let signer = signed.signedBy ?? desk.user ?? tr("you")
        printText(tr("Signed report \(id) as \(signer)."))
        return ExitStatus.success
    }

    /// Asks on the terminal; only y (or yes) signs.
    private static func ask(_ question: SigningQuestion, as signer: String) -> Bool {
        printText(tr("A signed report is final: a later change makes an amendment with a reason."))
        printText(tr("Sign report \(question.report.id) as \(signer)? y signs [y/N]: "), terminator: "")
        fflush(nil)
        return TerminalAnswer.isYes(readLine())
    }
}
