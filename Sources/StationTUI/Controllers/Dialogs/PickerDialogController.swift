import Localization
import Observation

/// A list to choose from: a locale, a capture source, a patient, a work type, a priority. Enter hands
/// the chosen value to whoever asked, which closes the picker or puts the next step in its place.
@MainActor
@Observable
final class PickerDialogController: DialogController {
    let title: String
    let options: [PickerOption]
    let purpose: PickerPurpose
    var selection: Int
    @ObservationIgnored private let choose: (String) -> KeyOutcome

    init(
        title: String, options: [PickerOption], selection: Int, purpose: PickerPurpose,
        choose: @escaping (String) -> KeyOutcome
    ) {
        self.title = title
        self.options = options
        self.selection = selection
        self.purpose = purpose
        self.choose = choose
    }

    var dialog: Dialog { .picker(title: title, options: options, selection: selection, purpose: purpose) }

    func handle(_ key: Key) -> KeyOutcome {
        switch key {
        case .escape, .character("q"): return .close
        case .up, .character("k"): selection = max(0, selection - 1)
        case .down, .character("j"): selection = min(options.count - 1, selection + 1)
        case .home: selection = 0
        case .end: selection = max(0, options.count - 1)
        case .enter:
            guard options.indices.contains(selection) else { return .close }
            return choose(options[selection].value)
        // Space records nothing over a list: it says where it records, as every view does.
        default:
            return RecordingKeys.spaceRefusal(of: key, then: tr("Enter chooses, Esc closes this list."))
                ?? .handled
        }
        return .handled
    }

    var keyHelp: KeyHelpPage {
        KeyHelpPage(
            tr("Dialog"),
            [
                KeyBinding("↑↓", tr("Move"), tr("Move in the list")),
                KeyBinding("Enter", tr("Choose"), tr("Choose the entry")),
                KeyBinding("Esc", tr("Cancel"), tr("Close without changes")),
            ])
    }
}
