import Localization
import StationCore

/// Correcting a report through the desk, which holds every rule (the one-editor claim across station
/// processes among them) and says why it refuses. A correction in progress is never lost: when a save
/// is refused, the text stays in the in-place editor, still claimed; when the report was signed since it
/// was read, the save asks for the amendment's reason instead.
@MainActor
struct ReportCorrection {
    unowned let screen: ScreenModel

    var desk: ReportDesk? { screen.desk }
    var notifier: Notifier { screen.notifier }

    /// Opens `report` for correction here (the desk claims it); says why not when the desk refuses.
    func claim(_ report: Report) -> Bool {
        guard let desk else {
            notifier.error(tr("Reports cannot be saved in this build."))
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
        screen.run { [weak screen] in
            guard let latest = try? await desk.report(report.id).withoutWords, latest != report.withoutWords,
                let screen, let editor = screen.editor(of: report.id)
            else { return }
            screen.show(latest)
            if editor.state.text.isDirty {
                screen.notifier.warning(
                    tr(
                        "Report #\(report.id) was changed at another station just before you began; check it before saving."
                    )
                )
                editor.state.report = latest
            } else {
                editor.reopen(with: latest)
                if latest.text != report.text {
                    screen.notifier.info(
                        tr("Report #\(report.id) was changed at another station; you edit the latest text."))
                }
            }
        }
    }

    /// Saves `text` (an amendment with `reason`) through the desk.
    func save(_ report: Report, text: String, reason: String? = nil) {
        guard let desk else {
            keepInEditor(report, text: text)
            notifier.error(tr("Reports cannot be saved in this build; your text is still in the editor."))
            return
        }
        screen.run { [weak screen] in
            do throws(ReportRefusal) {
                let outcome = try await desk.save(report.id, text: text, reason: reason)
                guard let screen else { return }
                let correction = ReportCorrection(screen: screen)
                switch outcome {
                case .revised(let saved):
                    screen.show(saved)
                    let said =
                        reason == nil
                        ? tr("Saved a new revision of the report.") : tr("Saved an amendment of report #\(saved.id).")
                    // Typed after Ctrl-S, while the save ran: it stays in the editor, still claimed.
                    if let editor = screen.editor(of: report.id), editor.state.text.text != text {
                        editor.state.report = saved
                        screen.notifier.info(said + tr(" What you typed since is still in the editor."))
                        return
                    }
                    correction.end(report.id)
                    screen.notifier.info(said)
                case .unchanged:
                    correction.end(report.id)
                    screen.notifier.info(tr("No changes to save."))
                }
            } catch .amendmentNeedsReason {
                guard let screen else { return }
                let latest = (try? await desk.report(report.id)) ?? report
                screen.show(latest)
                let correction = ReportCorrection(screen: screen)
                correction.keepInEditor(latest, text: text)
                guard screen.dialog == nil else {
                    screen.notifier.warning(
                        tr(
                            "Report #\(report.id) was signed meanwhile: your text is in the editor, Ctrl-S asks for the amendment's reason."
                        ))
                    return
                }
                let kept = screen.editor(of: report.id)?.state.text.text ?? text
                screen.open(correction.reasonField(for: latest, text: kept, inEditor: true))
                screen.notifier.info(tr("Report #\(report.id) was signed meanwhile: your change is an amendment."))
            } catch {
                guard let screen else { return }
                ReportCorrection(screen: screen).keepInEditor(report, text: text)
                screen.notifier.error(tr("\(error) Your text is still in the editor."))
            }
        }
    }

    /// Saves what came back from `$EDITOR`; a refused save keeps the text in the in-place editor.
    func finishExternalEdit(of report: Report, text: String?) {
        guard let text else {
            desk?.close(report.id)
            notifier.error(tr("The editor failed; the report is unchanged."))
            return
        }
        guard text != report.text else {
            desk?.close(report.id)
            notifier.info(tr("No changes to save."))
            return
        }
        if desk?.savingNeedsReason(report) == true {
            screen.open(reasonField(for: report, text: text, inEditor: false))
            return
        }
        save(report, text: text)
    }

    /// Asks why a signed report changes; the text waits in the dialog. Text written in `$EDITOR`
    /// (`inEditor` false) is never thrown away unasked: Esc puts it into the in-place editor.
    func reasonField(for report: Report, text: String, inEditor: Bool) -> InputDialogController {
        InputDialogController(
            title: tr("Reason for amending signed report #\(report.id)"),
            purpose: .amendmentReason(report, text: text, inEditor: inEditor),
            cancelled: { [unowned screen] in
                guard !inEditor else { return }
                ReportCorrection(screen: screen).keepInEditor(report, text: text)
                screen.notifier.info(tr("Not saved yet: your text is in the editor. Ctrl-S asks for the reason again."))
            }
        ) { [unowned screen] field, _ in
            guard let desk = screen.desk else { return .handled }
            do throws(ReportRefusal) {
                let reason = try desk.checkReason(field.field.text, for: .correct)
                ReportCorrection(screen: screen).save(report, text: text, reason: reason)
                return .close
            } catch {
                return field.refuse(error.description)
            }
        }
    }

    /// Text not saved yet (a save refused, an amendment's reason not given): it goes into the in-place
    /// editor, still claimed, so nothing typed is lost. An editor open on the report keeps its cursor.
    func keepInEditor(_ report: Report, text: String) {
        // What an open editor holds is the newest: what was saved, and whatever was typed since.
        if let editor = screen.editor(of: report.id) {
            editor.state.report = report
            return
        }
        if !screen.stack.all(ReportViewController.self).contains(where: { $0.report.id == report.id }) {
            screen.open(ReportViewController(report: report, screen: screen))
        }
        // The view's words when it has read them; else the editor reads them.
        let view = screen.stack.all(ReportViewController.self).last { $0.report.id == report.id }
        screen.open(
            ReportEditorController(
                report: report, text: TextEditorModel(text: text, original: report.text),
                words: view?.state.wordsRead == true ? view?.state.words : nil, screen: screen))
    }

    /// Ends the correction of `id` after it was saved: the in-place editor closes if it holds it, and the
    /// claim goes back.
    private func end(_ id: Int64) {
        if let editor = screen.editor(of: id) {
            screen.close(editor)
        } else {
            desk?.close(id)
        }
    }
}
