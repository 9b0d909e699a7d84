import StationCore

/// Correcting, signing and amending through the desk, which holds every rule (the one-editor claim
/// across station processes among them) and says why it refuses; and the history of a report.
extension ScreenModel {
    /// Opens `report` for correction here (the desk claims it); says why not when the desk refuses.
    func claimForEditing(_ report: Report) -> Bool {
        guard let desk else {
            notifier.error("Reports cannot be saved in this build.")
            return false
        }
        do {
            try desk.open(report)
            return true
        } catch {
            notifier.warning(error.description)
            return false
        }
    }

    /// Now that the report is claimed, no one else can change it: the editor gets the stored text, in
    /// case another station saved or signed it since this one read it.
    func editLatest(_ report: Report) {
        guard let desk else { return }
        run { [weak self] in
            guard let latest = try? await desk.report(report.id).withoutWords, latest != report.withoutWords,
                let self,
                let state = self.editor, state.report.id == report.id
            else { return }
            self.show(latest)
            if state.text.isDirty {
                self.notifier.warning(
                    "Report #\(report.id) was changed at another station just before you began; check it before saving."
                )
                self.editor?.report = latest
            } else {
                self.editor = ReportEditorState(report: latest, text: TextEditorModel(text: latest.text))
                if latest.text != report.text {
                    self.notifier.info("Report #\(report.id) was changed at another station; you edit the latest text.")
                }
            }
        }
    }

    /// Closes the in-place editor and ends its correction (the claim goes back).
    func closeEditor() {
        if let id = editor?.report.id { desk?.close(id) }
        editor = nil
    }

    /// Ends the correction of `id` after it was saved: the in-place editor closes if it holds it.
    private func endCorrection(of id: Int64) {
        desk?.close(id)
        if editor?.report.id == id { editor = nil }
    }

    /// Saves `text` (an amendment with `reason`) through the desk. A correction in progress is never
    /// lost: when the save is refused, the text stays in the in-place editor, still claimed; when the
    /// report was signed since it was read, the save asks for the amendment's reason instead.
    func saveCorrection(_ report: Report, text: String, reason: String? = nil) {
        guard let desk else {
            keepInEditor(report, text: text)
            notifier.error("Reports cannot be saved in this build; your text is still in the editor.")
            return
        }
        run { [weak self] in
            do throws(ReportRefusal) {
                let outcome = try await desk.save(report.id, text: text, reason: reason)
                guard let self else { return }
                switch outcome {
                case .revised(let saved):
                    self.show(saved)
                    let said =
                        reason == nil
                        ? "Saved a new revision of the report." : "Saved an amendment of report #\(saved.id)."
                    // Typed after Ctrl-S, while the save ran: it stays in the editor, still claimed.
                    if let editor = self.editor, editor.report.id == report.id, editor.text.text != text {
                        self.editor?.report = saved
                        self.notifier.info(said + " What you typed since is still in the editor.")
                        return
                    }
                    self.endCorrection(of: report.id)
                    self.notifier.info(said)
                case .unchanged:
                    self.endCorrection(of: report.id)
                    self.notifier.info("No changes to save.")
                }
            } catch .amendmentNeedsReason {
                guard let self else { return }
                let latest = (try? await desk.report(report.id)) ?? report
                self.show(latest)
                self.keepInEditor(latest, text: text)
                guard self.dialog == nil else {
                    self.notifier.warning(
                        "Report #\(report.id) was signed meanwhile: your text is in the editor, Ctrl-S asks for the "
                            + "amendment's reason.")
                    return
                }
                self.askAmendmentReason(for: latest, text: self.editor?.text.text ?? text, inEditor: true)
                self.notifier.info("Report #\(report.id) was signed meanwhile: your change is an amendment.")
            } catch {
                self?.keepInEditor(report, text: text)
                self?.notifier.error("\(error) Your text is still in the editor.")
            }
        }
    }

    /// `S`: asks before signing (only y signs); the desk says why a report cannot be signed.
    func requestSigning(_ report: Report) {
        guard deskAllows({ $0.refusal(toSign: report) }), let desk else { return }
        dialog = .confirm(
            title: "Sign report #\(report.id)?",
            message: "Sign report #\(report.id) (\(Self.describe(report.properties, types: services.workTypes))) as "
                + "\(desk.user ?? "you")? A signed report is final: a later change makes an amendment with a reason.",
            action: .sign(report.id))
    }

    /// Signs through the desk, which holds the report's claim while it runs.
    func sign(reportID id: Int64) {
        guard let desk else { return }
        run { [weak self] in
            do throws(ReportRefusal) {
                let signed = try await desk.sign(id)
                self?.show(signed)
                self?.notifier.info("Signed report #\(id) as \(signed.signedBy ?? desk.user ?? "you").")
            } catch {
                self?.notifier.warning(error.description)
            }
        }
    }

    /// Asks why a signed report changes; the text waits in the dialog.
    func askAmendmentReason(for report: Report, text: String, inEditor: Bool) {
        dialog = .input(
            title: "Reason for amending signed report #\(report.id)", field: TextEditorModel(text: ""),
            purpose: .amendmentReason(report, text: text, inEditor: inEditor), error: nil)
    }

    /// Text not saved yet (a save refused, an amendment's reason not given): it goes into the in-place
    /// editor, still claimed, so nothing typed is lost. An editor open on the report keeps its cursor.
    func keepInEditor(_ report: Report, text: String) {
        reportView = reportView?.report.id == report.id ? reportView : ReportViewState(report: report)
        // What an open editor holds is the newest: what was saved, and whatever was typed since.
        if editor?.report.id == report.id {
            editor?.report = report
            return
        }
        editor = ReportEditorState(report: report, text: TextEditorModel(text: text, original: report.text))
    }

    /// Puts a report saved or signed just now into the list and the open view, with its history.
    func show(_ saved: Report) {
        // The list and the view hold reports as lists read them; the view keeps the words on their own.
        let saved = saved.withoutWords
        if let index = reports.firstIndex(where: { $0.id == saved.id }) { reports[index] = saved }
        if reportView?.report.id == saved.id {
            reportView?.report = saved
            loadHistory(of: saved.id)
        }
    }

    func loadHistory(of id: Int64) {
        guard let store = services.reports else { return }
        run { [weak self] in
            guard let events = try? await store.events(id: id), let self, self.reportView?.report.id == id else {
                return
            }
            self.reportView?.history = events
        }
    }
}
