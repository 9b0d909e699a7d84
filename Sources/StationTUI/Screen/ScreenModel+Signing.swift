import StationCore

/// Signing, amendments with their reason, the history of a report, and the claim that lets one person
/// at a time correct a report across every station process.
extension ScreenModel {
    /// Claims `report` for this station's editor; says who corrects it when another station does.
    func claimForEditing(_ report: Report) -> Bool { claim(report.id, then: "Try again when they are done.") }

    private func claim(_ id: Int64, then advice: String) -> Bool {
        switch services.editLocks.claim(report: id) {
        case .claimed:
            return true
        case .heldElsewhere(let holder):
            let who = holder.map { "\($0)" } ?? "someone at another station"
            notifier.warning("Report \(id) is being corrected by \(who). \(advice)")
            return false
        }
    }

    /// Now that the report is claimed, no one else can change it: the editor gets the stored text, in
    /// case another station saved or signed it since this one read it.
    func editLatest(_ report: Report) {
        guard let store = services.reports else { return }
        run { [weak self] in
            guard let latest = try? await store.report(id: report.id)?.withoutWords, latest != report.withoutWords,
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

    /// Closes the in-place editor and gives its claim back.
    func closeEditor() {
        if let id = editor?.report.id { services.editLocks.release(report: id) }
        editor = nil
    }

    /// `S`: asks before signing (only y signs).
    func requestSigning(_ report: Report) {
        guard let signer = station.author else {
            notifier.warning("The station does not know who you are, so it cannot sign reports.")
            return
        }
        if report.status.isSigned {
            let by = report.signedBy.map { " by \($0)" } ?? ""
            let at = report.signedAt.map { " on \(ReportListPane.timestamp($0))" } ?? ""
            notifier.info("Report #\(report.id) is signed already\(by)\(at); e changes it as an amendment.")
            return
        }
        dialog = .confirm(
            title: "Sign report #\(report.id)?",
            message: "Sign report #\(report.id) (\(Self.describe(report.properties, types: services.workTypes))) as "
                + "\(signer)? A signed report is final: a later change makes an amendment with a reason.",
            action: .sign(report.id))
    }

    func sign(reportID id: Int64) {
        guard let store = services.reports, let signer = station.author else { return }
        // No one signs a text someone else is changing: signing holds the report's claim while it runs.
        guard claim(id, then: "Sign it when they are done.") else { return }
        let locks = services.editLocks
        let heldByEditor = editor?.report.id == id
        let time = services.clock.wallTime
        run { [weak self] in
            defer { if !heldByEditor { locks.release(report: id) } }
            do {
                let signed = try await store.sign(id: id, by: signer, at: time)
                guard let self else { return }
                self.show(signed)
                self.notifier.info("Signed report #\(id) as \(signer).")
            } catch let refusal as ReportStoreError {
                self?.notifier.warning("\(refusal)")
            } catch {
                self?.notifier.error("Report #\(id) could not be signed. Check the data directory.")
            }
        }
    }

    /// Asks why a signed report changes; the text waits in the dialog.
    func askAmendmentReason(for report: Report, text: String, inEditor: Bool) {
        dialog = .input(
            title: "Reason for amending signed report #\(report.id)", field: TextEditorModel(text: ""),
            purpose: .amendmentReason(report, text: text, inEditor: inEditor), error: nil)
    }

    /// Saves an amendment; from `$EDITOR`, a failed save keeps the text in the in-place editor.
    func amend(_ report: Report, text: String, reason: String, inEditor: Bool) {
        revise(report, text: text, reason: reason) { [weak self] saved in
            guard let self else { return }
            if inEditor {
                if saved { self.closeEditor() }
            } else if saved {
                self.services.editLocks.release(report: report.id)
            } else {
                self.keepInEditor(report, text: text)
            }
        }
    }

    /// An amendment from `$EDITOR` not saved (no reason given): its text goes into the in-place editor,
    /// still claimed, so nothing typed is lost.
    func keepInEditor(_ report: Report, text: String) {
        reportView = reportView?.report.id == report.id ? reportView : ReportViewState(report: report)
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
