import Localization
import StationCore

/// A session's details, asked after `n` then Tab and changed with `i`, one step after another: the
/// patient (a recent one, or a name and an identifier typed), the work type and the priority. They apply
/// to the session's next reports; the reports it sent keep theirs.
@MainActor
struct SessionDetails {
    unowned let screen: ScreenModel

    var station: Station { screen.station }

    /// The patient step for `id`: the name field at once, so nothing typed goes to the main screen while
    /// the recent patients are read; a picker of them takes its place unless typing has begun.
    func begin(for id: SessionID) -> InputDialogController {
        let field = patientNameField(for: id)
        let station = station
        screen.run { [weak screen, weak field] in
            let recent = await station.recentPatients()
            guard let screen, let field, screen.stack.top === field, field.field.text.isEmpty,
                let session = station.sessions.first(where: { $0.id == id }), !recent.isEmpty
            else { return }
            let current = session.properties.patient
            let options =
                [PickerOption(label: tr("No patient"), detail: "", value: tr("none"))]
                + recent.enumerated().map { index, patient in
                    PickerOption(label: patient.display, detail: tr("recent"), value: "\(index)")
                } + [PickerOption(label: tr("Another patient…"), detail: tr("type"), value: "new")]
            let selection = current.flatMap { patient in recent.firstIndex(of: patient).map { $0 + 1 } } ?? 0
            screen.close(field)
            screen.open(
                PickerDialogController(
                    title: tr("Patient for \"\(session.name)\""), options: options, selection: selection,
                    purpose: .patient(id, recent: recent)
                ) { value in
                    switch value {
                    case "new": return .replace(with: patientNameField(for: id))
                    case "none": return .replace(with: workTypePicker(for: id, patient: nil))
                    default:
                        let patient = Int(value).flatMap { recent.indices.contains($0) ? recent[$0] : nil }
                        return .replace(with: workTypePicker(for: id, patient: patient))
                    }
                })
        }
        return field
    }

    private func patientNameField(for id: SessionID) -> InputDialogController {
        InputDialogController(title: tr("Patient name (optional)"), purpose: .patientName(id)) { field, _ in
            let name = field.typed
            if let problem = Patient.problem(with: name) { return field.refuse(tr("The name: \(problem).")) }
            return .replace(with: patientIdentifierField(for: id, name: name.isEmpty ? nil : name))
        }
    }

    private func patientIdentifierField(for id: SessionID, name: String?) -> InputDialogController {
        InputDialogController(title: tr("Patient identifier (optional)"), purpose: .patientIdentifier(id, name: name)) {
            field, _ in
            let identifier = field.typed
            if let problem = Patient.problem(with: identifier) {
                return field.refuse(tr("The identifier: \(problem)."))
            }
            let patient = Patient(
                name: name, identifier: identifier, system: identifier.isEmpty ? nil : Patient.localSystem)
            return .replace(with: workTypePicker(for: id, patient: patient.isEmpty ? nil : patient))
        }
    }

    private func workTypePicker(for id: SessionID, patient: Patient?) -> PickerDialogController {
        let types = screen.services.workTypes.all
        let current = station.sessions.first { $0.id == id }?.properties.workType
        return PickerDialogController(
            title: tr("Work type"),
            options: types.map { PickerOption(label: $0.display, detail: tr("LOINC \($0.loinc)"), value: $0.code) },
            selection: types.firstIndex { $0.code == current } ?? 0, purpose: .workType(id, patient: patient)
        ) { workType in
            .replace(with: priorityPicker(for: id, patient: patient, workType: workType))
        }
    }

    private func priorityPicker(for id: SessionID, patient: Patient?, workType: String) -> PickerDialogController {
        let current = station.sessions.first { $0.id == id }?.properties.priority ?? .normal
        return PickerDialogController(
            title: tr("Priority"),
            options: [
                PickerOption(label: tr("Normal"), detail: "", value: ReportPriority.normal.rawValue),
                PickerOption(
                    label: tr("Urgent"), detail: tr("listed first, marked !"), value: ReportPriority.urgent.rawValue),
            ],
            selection: current == .urgent ? 1 : 0, purpose: .priority(id, patient: patient, workType: workType)
        ) { value in
            let properties = DictationProperties(
                patient: patient, workType: workType, priority: ReportPriority(rawValue: value) ?? .normal)
            station.setProperties(of: id, properties)
            if let session = station.sessions.first(where: { $0.id == id }) {
                screen.notifier.info("\"\(session.name)\": \(properties.described(with: screen.services.workTypes)).")
            }
            return .close
        }
    }
}

extension DictationProperties {
    /// "Jansen, M. (123456) · Progress note · urgent", for notices and questions.
    func described(with types: WorkTypes) -> String {
        var parts = [patient?.display ?? tr("no patient"), types.type(workType).display]
        if priority == .urgent { parts.append(tr("urgent")) }
        return parts.joined(separator: " · ")
    }
}
