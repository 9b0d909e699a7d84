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
    /// Takes the text (the flag is no longer used: a new session's steps have a dialog of their own).
    @ObservationIgnored private let submit: (InputDialogController, _ unused: Bool) -> KeyOutcome
    @ObservationIgnored private let cancelled: () -> Void

    init(
        title: String, text: String = "", purpose: InputPurpose, cancelled: @escaping () -> Void = {},
        submit: @escaping (InputDialogController, _ unused: Bool) -> KeyOutcome
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
                KeyBinding("Esc", tr("Cancel"), tr("Close without changes")),
            ])
    }
}
