import Localization
import StationCore

/// One line of the patient list, with the choice it stands for.
struct PatientOption {
    var option: PickerOption
    var choice: PatientChoice
}

/// How the steps show: each is a field or a list (`Dialog`, as drawn and as tests read it), and its keys.
extension SessionDetailsDialog {
    var dialog: Dialog {
        let target = target
        switch step {
        case .name:
            return .input(title: tr("New session"), field: field, purpose: .newSession, error: error)
        case .patientName:
            return .input(
                title: tr("Patient name (optional)"), field: field, purpose: .patientName(target), error: error)
        case .patientIdentifier:
            let name = draft.patientName.trimmingCharacters(in: .whitespaces)
            return .input(
                title: tr("Patient identifier (optional)"), field: field,
                purpose: .patientIdentifier(target, name: name.isEmpty ? nil : name), error: error)
        case .patient:
            return .picker(
                title: tr("Patient for \"\(draft.name)\""), options: options, selection: selection,
                purpose: .patient(target, recent: recent ?? []))
        case .workType:
            return .picker(
                title: tr("Work type"), options: options, selection: selection,
                purpose: .workType(target, patient: draft.patient))
        case .priority:
            return .picker(
                title: tr("Priority"), options: options, selection: selection,
                purpose: .priority(target, patient: draft.patient, workType: draft.workType))
        }
    }

    /// The lines of the step's list; none for a field.
    var options: [PickerOption] {
        switch step {
        case .patient: patientOptions.map(\.option)
        case .workType:
            types.all.map { PickerOption(label: $0.display, detail: tr("LOINC \($0.loinc)"), value: $0.code) }
        case .priority:
            [
                PickerOption(label: tr("Normal"), detail: "", value: ReportPriority.normal.rawValue),
                PickerOption(
                    label: tr("Urgent"), detail: tr("listed first, marked !"), value: ReportPriority.urgent.rawValue),
            ]
        case .name, .patientName, .patientIdentifier: []
        }
    }

    /// A new patient first (typing starts one too), the recent ones, and none.
    var patientOptions: [PatientOption] {
        [
            PatientOption(
                option: PickerOption(label: tr("New patient…"), detail: tr("or type the name"), value: "new"),
                choice: .typed)
        ]
            + (recent ?? []).enumerated().map { index, patient in
                PatientOption(
                    option: PickerOption(label: patient.display, detail: tr("recent"), value: "\(index)"),
                    choice: .recent(patient))
            }
            + [PatientOption(option: PickerOption(label: tr("No patient"), detail: "", value: "none"), choice: .none)]
    }

    /// Whether Shift-Tab has a step to go back to.
    private var canGoBack: Bool {
        switch step {
        case .name: false
        case .patient: existing == nil
        case .patientName: existing == nil || !(recent ?? []).isEmpty
        case .patientIdentifier, .workType, .priority: true
        }
    }

    var keyHelp: KeyHelpPage {
        let last = step == .priority
        let enter: KeyBinding =
            switch (step, existing) {
            case (.name, _): KeyBinding("Enter", tr("Create"), tr("Make the session now, with what is chosen so far"))
            case (.priority, nil): KeyBinding("Enter", tr("Create"), tr("Make the session with these details"))
            case (.priority, _): KeyBinding("Enter", tr("Set"), tr("Give the session these details"))
            default: KeyBinding("Enter", tr("Next"), tr("Keep this answer and go on to the next step"))
            }
        return KeyHelpPage(
            tr("Dialog"),
            [
                enter,
                KeyBinding("Tab", tr("Next"), tr("Keep this answer and go on to the next step"), applies: !last),
                KeyBinding("Shift-Tab", tr("Back"), tr("Go back a step, keeping what was typed"), applies: canGoBack),
                KeyBinding("↑↓", tr("Move"), tr("Move in the list"), applies: isPicker),
                KeyBinding(
                    tr("A–Z"), tr("New patient"), tr("Typing starts a new patient's name"), applies: step == .patient),
                existing == nil
                    ? KeyBinding("Esc", tr("Cancel"), tr("Close without making a session"))
                    : KeyBinding("Esc", tr("Keep"), tr("Close, leaving the session's details as they are")),
            ])
    }
}
