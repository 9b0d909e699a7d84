import Localization
import Observation

/// A one-line field: a session's name, a patient's name or identifier, a reason. Enter hands the text to
/// whoever asked, which closes the field, puts the next step in its place, or says in it what is wrong.
@MainActor
@Observable
final class InputDialogController: DialogController {
    let title: String
    let purpose: InputPurpose
    var field: TextEditorModel
    /// Why the text was refused, shown under the field until the next key changes it.
    var error: String?
    /// Takes the text; `askDetails` is Tab in the new-session field (go on to its patient).
    @ObservationIgnored private let submit: (InputDialogController, _ askDetails: Bool) -> KeyOutcome
    @ObservationIgnored private let cancelled: () -> Void

    init(
        title: String, text: String = "", purpose: InputPurpose, cancelled: @escaping () -> Void = {},
        submit: @escaping (InputDialogController, _ askDetails: Bool) -> KeyOutcome
    ) {
        var field = TextEditorModel(text: text)
        field.moveToEnd()
        self.title = title
        self.purpose = purpose
        self.field = field
        self.cancelled = cancelled
        self.submit = submit
    }

    /// The text typed, without the spaces around it.
    var typed: String { field.text.trimmingCharacters(in: .whitespaces) }

    var dialog: Dialog { .input(title: title, field: field, purpose: purpose, error: error) }

    func handle(_ key: Key) -> KeyOutcome {
        switch key {
        case .escape:
            cancelled()
            return .close
        case .enter:
            return submit(self, false)
        case .tab where purpose == .newSession:
            // Enter makes the session at once; Tab goes on to its patient, work type and priority.
            return submit(self, true)
        default:
            if field.applyLineKey(key) { error = nil }
            return .handled
        }
    }

    /// Keeps the field open, saying why its text was refused.
    func refuse(_ reason: String) -> KeyOutcome {
        error = reason
        return .handled
    }

    var keyHelp: KeyHelpPage {
        KeyHelpPage(
            tr("Dialog"),
            [
                KeyBinding("Enter", tr("OK"), tr("Accept what is typed")),
                KeyBinding(
                    "Tab", tr("Patient…"), tr("Make the session, then set its patient, work type and priority"),
                    applies: purpose == .newSession),
                KeyBinding("Esc", tr("Cancel"), tr("Close without changes")),
            ])
    }
}
