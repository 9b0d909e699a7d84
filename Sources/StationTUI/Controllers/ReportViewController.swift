import Localization
import Observation
import StationCore

/// An open report, over the main screen: its details and history, its text or its original transcript
/// (`o`), scrolled, with the words the decoder was unsure of (`w`, `W`) and its audio (`p`, `←` `→`).
/// From here it is edited, signed, exported or taken out of use; recording is not its key (Space says so).
@MainActor
@Observable
final class ReportViewController: ScreenController {
    @ObservationIgnored unowned let screen: ScreenModel
    var state: ReportViewState

    /// Opens `report` as the list read it; its history and the decoder's words are read now.
    init(report: Report, screen: ScreenModel) {
        state = ReportViewState(report: report)
        self.screen = screen
        loadHistory()
        loadWords()
    }

    var report: Report { state.report }
    /// S came before the decoder's words were read.
    @ObservationIgnored private var signWhenRead = false

    func handle(_ key: Key) -> KeyOutcome {
        let page = max(1, screen.layout.body.height - 4)
        let steps = ReportSteps(screen: screen)
        switch key {
        case .escape, .character("q"): return .close
        case .up, .character("k"): state.scroll = max(0, state.scroll - 1)
        case .down, .character("j"): state.scroll += 1
        case .pageUp: state.scroll = max(0, state.scroll - page)
        case .pageDown: state.scroll += page
        case .home: state.scroll = 0
        case .character("o"), .tab: state.showOriginal.toggle()
        case .character("w"), .character("W"): jumpToUnsureWord(forward: key == .character("w"))
        case .character("e"): startEditing()
        case .character("E"):
            if ReportCorrection(screen: screen).claim(report) { return .effect(.editExternally(report)) }
        case .character("S"):
            // The question counts the unsure words, so it waits for them: S pressed while they are read
            // asks once they are, if the view still has the keyboard then.
            guard state.wordsRead else {
                signWhenRead = true
                return .handled
            }
            return signQuestion().map { .open($0) } ?? .handled
        case .character("D"): return steps.deletionQuestion(report).map { .open($0) } ?? .handled
        case .character("R"): return steps.errorReasonField(report).map { .open($0) } ?? .handled
        case .character("x"): return steps.export(report)
        case .character("p"): togglePlayback()
        case .character(" "), .enter, .character("d"):
            // Recording belongs to the sessions pane, where the session it acts on is in view; over a
            // report it would start, send or discard one that is not (another patient's).
            return RecordingKeys.refusal(of: key, then: tr("Esc closes the report.")) ?? .handled
        case .left, .character("["): seek(by: .seconds(-5))
        case .right, .character("]"): seek(by: .seconds(5))
        default: return .notHandled
        }
        return .handled
    }

    /// `e`: opens the in-place editor over the view, once the desk has claimed the report, at the unsure
    /// word selected (`w`, `W`), else at the first row in view: where the person was looking.
    func startEditing() {
        let correction = ReportCorrection(screen: screen)
        guard correction.claim(report) else { return }
        let editor = ReportEditorController(
            report: report, text: TextEditorModel(text: report.text), words: state.wordsRead ? state.words : nil,
            screen: screen)
        let marks = state.shownUnsure.marks
        let word = state.unsureSelection.flatMap { marks.indices.contains($0) ? marks[$0].wordIndex : nil }
        if word.map({ editor.place(atWord: $0) }) != true, !state.showOriginal {
            let rows = ReportTextRows(report.text, width: max(1, screen.layout.body.width - 2), measure: screen.measure)
            if let row = rows.rows.isEmpty ? nil : rows.rows[min(state.scroll, rows.rows.count - 1)] {
                editor.place(at: TextPosition(line: row.line, column: row.range.lowerBound))
            }
        }
        screen.open(editor)
        correction.editLatest(report)
    }

    /// A newer copy of the report (saved, signed, or changed at another station), with its history.
    func show(_ saved: Report) {
        state.report = saved
        loadHistory()
    }

    /// Closing stops its audio.
    func willClose() {
        if state.playback != .stopped, let player = screen.services.player { screen.run { await player.stop() } }
    }

    private func loadHistory() {
        guard let store = screen.services.reports else { return }
        let id = report.id
        screen.run { [weak self] in
            guard let events = try? await store.events(id: id), let self else { return }
            self.state.history = events
        }
    }

    /// Reads the decoder's words of the report (the list's reports come without them).
    private func loadWords() {
        guard let store = screen.services.reports else {
            state.wordsRead = true
            return
        }
        let id = report.id
        screen.run { [weak self] in
            let stored = try? await store.report(id: id)
            guard let self else { return }
            if let stored { self.state.words = stored.words }
            self.state.wordsRead = true
            if self.signWhenRead, self.screen.top === self, let question = self.signQuestion() {
                self.screen.open(question)
            }
            self.signWhenRead = false
        }
    }

    /// The question before signing the report as shown, with its words; nil, said, when refused.
    private func signQuestion() -> ConfirmDialogController? {
        var shown = report
        shown.words = state.words
        return ReportSteps(screen: screen).signQuestion(shown, after: state.reading)
    }

    /// Selects the next (or previous) unsure word after the one selected, else after the top of the view,
    /// and scrolls it into view; from the last one it goes round to the first.
    private func jumpToUnsureWord(forward: Bool) {
        let marks = state.shownUnsure.marks
        guard !marks.isEmpty else {
            screen.notifier.info(
                state.words.isEmpty
                    ? tr("This report has no word confidence from the decoder.")
                    : tr("No word in this text is one the decoder was unsure of."))
            return
        }
        let rows = ReportTextRows(
            state.showOriginal ? report.originalText : report.text, width: max(1, screen.layout.body.width - 2),
            measure: screen.measure)
        let next: Int
        if let current = state.unsureSelection {
            next = (current + (forward ? 1 : marks.count - 1)) % marks.count
        } else if forward {
            next = marks.firstIndex { (rows.row(of: $0) ?? 0) >= state.scroll } ?? 0
        } else {
            next = marks.lastIndex { (rows.row(of: $0) ?? 0) < state.scroll } ?? marks.count - 1
        }
        state.unsureSelection = next
        // One row of context above the word.
        state.scroll = max(0, (rows.row(of: marks[next]) ?? 0) - 1)
    }

    var keyHelp: KeyHelpPage {
        let desk = screen.desk
        let playing = state.playback != .stopped
        return KeyHelpPage(
            tr("Report"),
            [
                KeyBinding(
                    "e", tr("Edit"), tr("Edit the text here, at the unsure word selected (or the first row in view)"),
                    applies: desk?.refusal(toCorrect: report) == nil),
                KeyBinding(
                    "E", "$EDITOR", tr("Edit the text in $EDITOR"), applies: desk?.refusal(toCorrect: report) == nil),
                KeyBinding(
                    "o Tab", state.showOriginal ? tr("Text") : tr("Original"),
                    tr("Show the original transcript or the text")),
                KeyBinding(
                    "w W", tr("Unsure word"),
                    tr("Jump to the next (W: previous) word the decoder was unsure of, underlined in the text"),
                    applies: !state.shownUnsure.marks.isEmpty),
                KeyBinding(
                    "p", playing ? (state.playback == .playing ? tr("Pause") : tr("Resume")) : tr("Play"),
                    tr("Play or pause the audio; after w or W, play from a second before the unsure word")),
                KeyBinding("← →", "±5 s", tr("Skip back or forward five seconds"), applies: playing),
                KeyBinding(
                    "S", tr("Sign"),
                    tr(
                        "Sign the report as you, as shown here (asks first, saying which unsure words you did not visit)"
                    ),
                    applies: desk?.refusal(toSign: report, after: state.reading) == nil),
                KeyBinding("x", tr("Export"), tr("Export as text with its header, as FHIR or as JSON (asks which)")),
                KeyBinding(
                    "D", tr("Delete"), tr("Delete this draft of yours (asks first; a signed report is never deleted)"),
                    applies: desk?.refusal(toDelete: report) == nil),
                KeyBinding(
                    "R", tr("In error"),
                    tr("Mark this report entered in error, with a reason (asks first); it is kept"),
                    applies: desk?.refusal(toEnterInError: report) == nil),
                KeyBinding("↑↓ PgUp PgDn", tr("Scroll"), tr("Scroll the text"), applies: false),
                KeyBinding("M", tr("Messages"), tr("Show the latest messages in full"), applies: false),
                KeyBinding("F1 ?", tr("Help"), tr("Show the keys")),
                KeyBinding("Esc q", tr("Close"), tr("Close the report")),
            ])
    }
}
