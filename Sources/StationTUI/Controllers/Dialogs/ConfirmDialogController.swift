import Localization
import Observation

/// A question before something that cannot be undone: only y does it. Enter means "send" one screen
/// earlier, so Enter, like Esc, n and q, keeps things as they are.
@MainActor
@Observable
final class ConfirmDialogController: DialogController {
    let title: String
    let action: ConfirmAction
    /// Asked as things stand now (the quit question follows the sessions), so it never goes stale.
    @ObservationIgnored private let message: () -> String
    /// What y does, and what follows it.
    @ObservationIgnored private let yes: () -> KeyOutcome

    convenience init(title: String, message: String, action: ConfirmAction, yes: @escaping () -> KeyOutcome) {
        self.init(title: title, asking: { message }, action: action, yes: yes)
    }

    /// A question whose words follow the state (`message` is read each time it is drawn).
    init(title: String, asking message: @escaping () -> String, action: ConfirmAction, yes: @escaping () -> KeyOutcome)
    {
        self.title = title
        self.message = message
        self.action = action
        self.yes = yes
    }

    var dialog: Dialog { .confirm(title: title, message: message(), action: action) }

    func handle(_ key: Key) -> KeyOutcome {
        switch key {
        case .character("y"), .character("Y"): yes()
        case .character("n"), .character("N"), .escape, .character("q"), .enter: .close
        default: RecordingKeys.spaceRefusal(of: key, then: tr("Answer this question first: y or n.")) ?? .handled
        }
    }

    var keyHelp: KeyHelpPage {
        KeyHelpPage(
            tr("Dialog"),
            [
                KeyBinding("y", tr("Yes"), tr("Do it (only y does: Enter and Esc keep things as they are)")),
                KeyBinding("n Esc Enter", tr("No"), tr("Leave things as they are")),
            ])
    }
}
