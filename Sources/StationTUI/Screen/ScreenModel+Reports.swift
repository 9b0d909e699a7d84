import Foundation
import StationCore

/// The report view, the in-place editor, playback, export and the external editor.
extension ScreenModel {
    func openSelectedReport() {
        guard let report = selectedReport else { return }
        if reportView?.report.id != report.id {
            reportView = ReportViewState(report: report)
            loadHistory(of: report.id)
            loadWords(of: report.id)
        }
    }

    func startEditing() {
        guard let report = reportView?.report, claimForEditing(report) else { return }
        editor = ReportEditorState(report: report, text: TextEditorModel(text: report.text))
        editLatest(report)
    }

    /// The width the editor wraps at, as the editor view draws it.
    var editorWrap: WrapContext { WrapContext(width: max(1, layout.body.width - 2), measure: measure) }
    var editorHeight: Int { max(1, layout.body.height - 3) }

    func handleReportViewKey(_ key: Key) -> ScreenEffect {
        guard var view = reportView else { return .none }
        switch key {
        case .escape, .character("q"):
            closeReportView()
            return .none
        case .up, .character("k"): view.scroll = max(0, view.scroll - 1)
        case .down, .character("j"): view.scroll += 1
        case .pageUp: view.scroll = max(0, view.scroll - max(1, layout.body.height - 4))
        case .pageDown: view.scroll += max(1, layout.body.height - 4)
        case .home: view.scroll = 0
        case .character("o"), .tab: view.showOriginal.toggle()
        case .character("w"), .character("W"):
            jumpToUnsureWord(forward: key == .character("w"))
            return .none
        case .character("e"):
            startEditing()
            return .none
        case .character("E"):
            guard claimForEditing(view.report) else { return .none }
            return .editExternally(view.report)
        case .character("S"):
            requestSigning(view.report)
            return .none
        case .character("D"):
            requestDeletion(view.report)
            return .none
        case .character("R"):
            requestEnteringInError(view.report)
            return .none
        case .character("x"): export(view.report)
        case .character("p"):
            togglePlayback()
            return .none
        case .character(" "):
            // Space means record, pause and resume everywhere; the title line shows the state.
            toggleSelected()
            return .none
        case .left, .character("["): seek(by: .seconds(-5))
        case .right, .character("]"): seek(by: .seconds(5))
        default: break
        }
        reportView = view
        return .none
    }

    func handleEditorKey(_ key: Key) -> ScreenEffect {
        guard var state = editor else { return .none }
        let wrap = editorWrap
        switch key {
        case .escape:
            if state.text.isDirty {
                dialog = .confirm(
                    title: "Abandon changes?", message: "Your changes to this report are not saved. Throw them away?",
                    action: .abandonEdit)
            } else {
                closeEditor()
            }
            return .none
        case .control("s"):
            save(state)
            return .none
        case .enter: state.text.insertNewline()
        case .up: state.text.moveUp(in: wrap)
        case .down: state.text.moveDown(in: wrap)
        case .pageUp: state.text.movePage(by: -editorHeight, in: wrap)
        case .pageDown: state.text.movePage(by: editorHeight, in: wrap)
        // Home and End act on the line as written, so Enter after End never splits a sentence; the arrows
        // move by screen rows.
        case .home, .control("a"): state.text.moveHome()
        case .end, .control("e"): state.text.moveEnd()
        case .controlHome: state.text.moveToStart()
        case .controlEnd: state.text.moveToEnd()
        default:
            guard state.text.applyLineKey(key) else { return .none }
        }
        state.text.reveal(height: editorHeight, in: wrap)
        editor = state
        return .none
    }

    /// Ctrl-S: saves the edited text through the desk; a signed report first asks for the reason.
    private func save(_ state: ReportEditorState) {
        guard state.text.isDirty else {
            closeEditor()
            notifier.info("No changes to save.")
            return
        }
        if desk?.savingNeedsReason(state.report) == true {
            askAmendmentReason(for: state.report, text: state.text.text, inEditor: true)
            return
        }
        saveCorrection(state.report, text: state.text.text)
    }

    /// Saves what came back from `$EDITOR`; a refused save keeps the text in the in-place editor.
    public func finishExternalEdit(of report: Report, text: String?) {
        guard let text else {
            desk?.close(report.id)
            notifier.error("The editor failed; the report is unchanged.")
            return
        }
        guard text != report.text else {
            desk?.close(report.id)
            notifier.info("No changes to save.")
            return
        }
        if desk?.savingNeedsReason(report) == true {
            askAmendmentReason(for: report, text: text, inEditor: false)
            return
        }
        saveCorrection(report, text: text)
    }

    func togglePlayback() {
        guard var view = reportView else { return }
        guard let player = services.player else {
            notifier.warning("Audio playback is not available in this build.")
            return
        }
        guard let file = view.report.audioFile else {
            notifier.warning("This report has no audio.")
            return
        }
        switch view.playback {
        case .stopped:
            view.playback = .playing
            let id = view.report.id
            run { [weak self] in
                do {
                    try await player.play(file: file)
                } catch {
                    self?.notifier.error("The audio could not be played.")
                    if self?.reportView?.report.id == id { self?.reportView?.playback = .stopped }
                }
            }
        case .playing:
            view.playback = .paused
            run { try? await player.pause() }
        case .paused:
            view.playback = .playing
            run { try? await player.resume() }
        }
        reportView = view
    }

    private func seek(by offset: Duration) {
        guard reportView?.playback != .stopped, let player = services.player else { return }
        run { try? await player.seek(by: offset) }
    }

    /// Writes the report's text, and its details with every revision, to the export directory.
    func export(_ report: Report) {
        let store = services.reports
        let directory = services.exportDirectory
        run { [weak self] in
            let revisions = (try? await store?.revisions(id: report.id)) ?? []
            do {
                let url = try ReportFiles.write(report, revisions: revisions, to: directory)
                self?.notifier.info("Exported to \(url.path) (and .json beside it).")
            } catch {
                self?.notifier.error("The report could not be exported to \(directory.path).")
            }
        }
    }
}
