import Localization
import Observation
import StationCore

/// A report whose text is being edited in place.
public struct ReportEditorState: Sendable, Equatable {
    public var report: Report
    public var text: TextEditorModel
}

/// The in-place editor, over the report view: the report's text as it wraps on screen, claimed for
/// as long as it is open. Ctrl-S saves a revision through the desk (a signed report first asks the
/// amendment's reason); Esc closes, asking first when the text changed.
@MainActor
@Observable
final class ReportEditorController: ScreenController {
    @ObservationIgnored unowned let screen: ScreenModel
    var state: ReportEditorState

    init(report: Report, text: TextEditorModel, screen: ScreenModel) {
        state = ReportEditorState(report: report, text: text)
        self.screen = screen
    }

    /// The width the editor wraps at, as the editor view draws it.
    private var wrap: WrapContext { WrapContext(width: max(1, screen.layout.body.width - 2), measure: screen.measure) }
    private var height: Int { max(1, screen.layout.body.height - 3) }

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
