import StationCore

/// Taking a report out of use, through the desk: `D` deletes a draft of yours (asks first), `R` marks
/// any other wrong report entered in error with a reason (asks the reason, then whether), and `a` shows
/// the reports entered in error in the list.
extension ScreenModel {
    /// `D`: asks before deleting a draft of yours; the desk says why any other report is not deleted.
    func requestDeletion(_ report: Report) {
        guard deskAllows({ $0.refusal(toDelete: report) }) else { return }
        let audio = report.audioFile == nil ? "Its text is" : "Its text and audio are"
        dialog = .confirm(
            title: "Delete draft report #\(report.id)?",
            message: "\(audio) deleted and cannot be brought back. The history of \"\(report.sessionName)\" "
                + "keeps that you deleted it, and when.",
            action: .deleteDraft(report.id))
    }

    func deleteDraft(_ id: Int64) {
        guard let desk else { return }
        run { [weak self] in
            do throws(ReportRefusal) {
                guard case .deleted(let event) = try await desk.deleteDraft(id), let self else { return }
                if self.reportView?.report.id == id { self.closeReportView() }
                self.reloadReports()
                self.notifier.info(
                    "Deleted draft report #\(id); the history of \"\(event.sessionName)\" keeps who deleted it and when."
                )
            } catch {
                self?.notifier.warning(error.description)
            }
        }
    }

    /// `R`: asks what is wrong with the report, then whether to enter it in error.
    func requestEnteringInError(_ report: Report) {
        guard deskAllows({ $0.refusal(toEnterInError: report) }) else { return }
        dialog = .input(
            title: "Report #\(report.id) entered in error", field: TextEditorModel(text: ""),
            purpose: .errorReason(report), error: nil)
    }

    /// The question after the reason: only y marks it.
    func confirmEnteringInError(_ report: Report, reason: String) {
        dialog = .confirm(
            title: "Mark report #\(report.id) entered in error?",
            message: "It is kept with its audio and history and exported as entered in error, but it changes no more "
                + "and the list leaves it out (a shows it). Reason: \(reason)",
            action: .enterInError(report.id, reason: reason))
    }

    func enterInError(_ id: Int64, reason: String) {
        guard let desk else { return }
        run { [weak self] in
            do throws(ReportRefusal) {
                let marked = try await desk.enterInError(id, reason: reason)
                guard let self else { return }
                self.show(marked)
                self.reloadReports()
                self.notifier.info(
                    "Report #\(id) is entered in error: kept, and left out of the list (a shows it).")
            } catch {
                self?.notifier.warning(error.description)
            }
        }
    }

    /// Whether the desk allows a step before its question is asked; says why not when it does not.
    func deskAllows(_ refusal: (ReportDesk) -> ReportRefusal?) -> Bool {
        guard let desk else {
            notifier.error("Reports cannot be changed in this build.")
            return false
        }
        if let refused = refusal(desk) {
            notifier.warning(refused.description)
            return false
        }
        return true
    }

    /// Closes the report view, stopping its audio.
    func closeReportView() {
        if reportView?.playback != .stopped, let player = services.player { run { await player.stop() } }
        reportView = nil
    }
}
