import Localization
import Observation
import StationCore

/// A report whose text is being edited in place.
public struct ReportEditorState: Sendable, Equatable {
    public var report: Report
    public var text: TextEditorModel
    /// The decoder's words (loaded when the editor opens without them): the marks' tags point into them.
    public var words: [RecognizedWord] = []
}

/// The in-place editor, over the report view: the report's text as it wraps on screen, claimed for
/// as long as it is open, with the decoder's unsure words underlined (Ctrl-N, Ctrl-P go to them). Ctrl-S
/// saves a revision through the desk (a signed report first asks the amendment's reason); Esc closes,
/// asking first when the text changed.
@MainActor
@Observable
final class ReportEditorController: ScreenController {
    @ObservationIgnored unowned let screen: ScreenModel
    var state: ReportEditorState

    /// `words`: the report's decoder words, nil when they were not read yet (the editor reads them).
    init(report: Report, text: TextEditorModel, words: [RecognizedWord]? = nil, screen: ScreenModel) {
        state = ReportEditorState(report: report, text: text)
        self.screen = screen
        if let words { mark(words) } else { loadWords() }
    }

    /// The width the editor wraps at, as the editor view draws it.
    private var wrap: WrapContext { WrapContext(width: max(1, screen.layout.body.width - 2), measure: screen.measure) }
    private var height: Int { max(1, screen.layout.body.height - 3) }

    /// Puts the cursor at the end of the decoder's word `wordIndex` (where Ctrl-W takes it), with a row
    /// above it in view; false when that word is not marked in the text.
    @discardableResult
    func place(atWord wordIndex: Int) -> Bool {
        guard let mark = state.text.marks.first(where: { $0.tag == wordIndex }) else { return false }
        state.text.move(to: mark.end)
        state.text.scrollToCursor(context: 1, height: height, in: wrap)
        return true
    }

    /// Puts the cursor at the start of `position` and that row at the top, where the report view stood.
    func place(at position: TextPosition) {
        state.text.move(to: position)
        state.text.scrollToCursor(context: 0, height: height, in: wrap)
    }

    /// The stored text, read again now that the report is claimed: the marks are found in it afresh and
    /// the cursor stays where it was.
    func reopen(with latest: Report) {
        let cursor = state.text.cursor
        state.report = latest
        state.text = TextEditorModel(text: latest.text)
        mark(state.words)
        state.text.move(to: cursor)
        state.text.reveal(height: height, in: wrap)
    }

    func handle(_ key: Key) -> KeyOutcome {
        let wrap = wrap
        switch key {
        case .escape:
            guard state.text.isDirty else { return .close }
            return .open(
                ConfirmDialogController(
                    title: tr("Abandon changes?"),
                    message: tr("Your changes to this report are not saved. Throw them away?"),
                    action: .abandonEdit
                ) { [unowned self] in
                    screen.notifier.info(tr("Threw away your changes to report #\(state.report.id)."))
                    screen.close(self)
                    return .close
                })
        case .control("s"):
            return save()
        case .control("n"), .control("p"): jumpToUnsureWord(forward: key == .control("n"))
        case .enter: state.text.insertNewline()
        case .up: state.text.moveUp(in: wrap)
        case .down: state.text.moveDown(in: wrap)
        case .pageUp: state.text.movePage(by: -height, in: wrap)
        case .pageDown: state.text.movePage(by: height, in: wrap)
        // Home and End act on the line as written, so Enter after End never splits a sentence; the arrows
        // move by screen rows.
        case .home, .control("a"): state.text.moveHome()
        case .end, .control("e"): state.text.moveEnd()
        case .controlHome: state.text.moveToStart()
        case .controlEnd: state.text.moveToEnd()
        default:
            guard state.text.applyLineKey(key) else { return .notHandled }
        }
        state.text.reveal(height: height, in: wrap)
        return .handled
    }

    /// The screen changed size: the rows are wrapped at the new width around the cursor.
    func resized() { state.text.reveal(height: height, in: wrap) }

    /// Ctrl-N, Ctrl-P: to the next (previous) unsure word, going round at the ends.
    private func jumpToUnsureWord(forward: Bool) {
        guard state.text.moveToMark(forward: forward) != nil else {
            screen.notifier.info(
                state.words.isEmpty
                    ? tr("This report has no word confidence from the decoder.")
                    : tr("No word in this text is one the decoder was unsure of (any more)."))
            return
        }
    }

    private func mark(_ words: [RecognizedWord]) {
        state.words = words
        let unsure = UnsureWords(words: words, lines: state.text.lines.map { String($0) })
        state.text.setMarks(unsure.editorMarks)
    }

    /// Reads the decoder's words, for an editor opened before the report view had them (or without one).
    private func loadWords() {
        guard let store = screen.services.reports else { return }
        let id = state.report.id
        screen.run { [weak self] in
            guard let words = try? await store.report(id: id)?.words, let self else { return }
            self.mark(words)
        }
    }

    /// Ctrl-S: saves the edited text through the desk; a signed report first asks for the reason.
    private func save() -> KeyOutcome {
        let correction = ReportCorrection(screen: screen)
        guard state.text.isDirty else {
            screen.notifier.info(tr("No changes to save."))
            return .close
        }
        if screen.desk?.savingNeedsReason(state.report) == true {
            return .open(correction.reasonField(for: state.report, text: state.text.text, inEditor: true))
        }
        correction.save(state.report, text: state.text.text)
        return .handled
    }

    /// Closing ends the correction: the claim goes back.
    func willClose() { screen.desk?.close(state.report.id) }

    var keyHelp: KeyHelpPage {
        KeyHelpPage(
            tr("Editing a report"),
            [
                KeyBinding("Ctrl-S", tr("Save"), tr("Save the text as a new revision")),
                KeyBinding("Esc", tr("Cancel"), tr("Stop editing (asks when there are changes)")),
                KeyBinding(
                    "Ctrl-N Ctrl-P", tr("Unsure word"),
                    tr("Go to the next (Ctrl-P: previous) word the decoder was unsure of, underlined in the text"),
                    applies: !state.text.marks.isEmpty),
                KeyBinding(
                    "Ctrl-W", tr("Delete word"),
                    tr("Delete the word before the cursor (also Ctrl-Backspace, Alt-Backspace)")),
                KeyBinding("Ctrl-Z", tr("Undo"), tr("Undo the last change")),
                KeyBinding("Ctrl-←→", tr("Word"), tr("Move by words (also Alt-B, Alt-F)")),
                KeyBinding(
                    "Home End", tr("Line"), tr("Start or end of the line (also Ctrl-A, Ctrl-E); ↑↓ move by screen rows")
                ),
                KeyBinding("Ctrl-Home Ctrl-End", tr("Text"), tr("Start or end of the whole text")),
                KeyBinding("PgUp PgDn", tr("Page"), tr("Move a screenful")),
                KeyBinding("F1", tr("Help"), tr("Show the keys")),
            ])
    }
}
