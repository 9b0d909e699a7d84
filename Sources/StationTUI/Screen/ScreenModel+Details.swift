import StationCore

/// A session's details, asked after `n` and changed with `i`: the patient (a recent one or typed), the
/// work type and the priority. They apply to the session's next reports; the reports it sent keep theirs.
extension ScreenModel {
    /// Opens the patient step for `id`: a picker of recent patients, or the name field when there are none.
    func openDetails(for id: SessionID) {
        let station = station
        // The name field is there at once, so nothing typed goes to the main screen while the recent
        // patients are read; the picker takes its place unless typing has begun.
        openPatientNameField(for: id)
        run { [weak self] in
            let recent = await station.recentPatients()
            guard let self, case .input(_, let field, .patientName(id), _) = self.dialog, field.text.isEmpty,
                let session = station.sessions.first(where: { $0.id == id }), !recent.isEmpty
            else { return }
            let current = session.properties.patient
            let options =
                [PickerOption(label: "No patient", detail: "", value: "none")]
                + recent.enumerated().map { index, patient in
                    PickerOption(label: patient.display, detail: "recent", value: "\(index)")
                } + [PickerOption(label: "Another patient…", detail: "type", value: "new")]
            let selection = current.flatMap { patient in recent.firstIndex(of: patient).map { $0 + 1 } } ?? 0
            self.dialog = .picker(
                title: "Patient for \"\(session.name)\"", options: options, selection: selection,
                purpose: .patient(id, recent: recent))
        }
    }

    private func openPatientNameField(for id: SessionID) {
        dialog = .input(
            title: "Patient name (optional)", field: TextEditorModel(text: ""), purpose: .patientName(id), error: nil)
    }

    func chooseDetail(_ value: String, for purpose: PickerPurpose) {
        switch purpose {
        case .patient(let id, let recent):
            switch value {
            case "new": openPatientNameField(for: id)
            case "none": openWorkTypePicker(for: id, patient: nil)
            default:
                let patient = Int(value).flatMap { recent.indices.contains($0) ? recent[$0] : nil }
                openWorkTypePicker(for: id, patient: patient)
            }
        case .workType(let id, let patient):
            let current = station.sessions.first { $0.id == id }?.properties.priority ?? .normal
            dialog = .picker(
                title: "Priority",
                options: [
                    PickerOption(label: "Normal", detail: "", value: ReportPriority.normal.rawValue),
                    PickerOption(
                        label: "Urgent", detail: "listed first, marked !", value: ReportPriority.urgent.rawValue),
                ],
                selection: current == .urgent ? 1 : 0, purpose: .priority(id, patient: patient, workType: value))
        case .priority(let id, let patient, let workType):
            let properties = DictationProperties(
                patient: patient, workType: workType, priority: ReportPriority(rawValue: value) ?? .normal)
            station.setProperties(of: id, properties)
            guard let session = station.sessions.first(where: { $0.id == id }) else { return }
            notifier.info("\"\(session.name)\": \(Self.describe(properties, types: services.workTypes)).")
        case .locale, .source, .sessionLocale: break
        }
    }

    private func openWorkTypePicker(for id: SessionID, patient: Patient?) {
        let types = services.workTypes.all
        let current = station.sessions.first { $0.id == id }?.properties.workType
        dialog = .picker(
            title: "Work type",
            options: types.map { PickerOption(label: $0.display, detail: "LOINC \($0.loinc)", value: $0.code) },
            selection: types.firstIndex { $0.code == current } ?? 0, purpose: .workType(id, patient: patient))
    }

    /// Takes the patient fields, the amendment's reason and why a report is entered in error.
    func submitWorkflowField(_ text: String, for purpose: InputPurpose, title: String, field: TextEditorModel) {
        let typed = text.trimmingCharacters(in: .whitespaces)
        switch purpose {
        case .patientName(let id):
            if let problem = Patient.problem(with: typed) {
                dialog = .input(title: title, field: field, purpose: purpose, error: "The name: \(problem).")
                return
            }
            dialog = .input(
                title: "Patient identifier (optional)", field: TextEditorModel(text: ""),
                purpose: .patientIdentifier(id, name: typed.isEmpty ? nil : typed), error: nil)
        case .patientIdentifier(let id, let name):
            if let problem = Patient.problem(with: typed) {
                dialog = .input(title: title, field: field, purpose: purpose, error: "The identifier: \(problem).")
                return
            }
            let patient = Patient(
                name: name, identifier: typed, system: typed.isEmpty ? nil : Patient.localSystem)
            dialog = nil
            openWorkTypePicker(for: id, patient: patient.isEmpty ? nil : patient)
        case .amendmentReason(let report, let newText, _):
            guard let reason = checkReason(text, for: .correct, title: title, field: field, purpose: purpose) else {
                return
            }
            dialog = nil
            saveCorrection(report, text: newText, reason: reason)
        case .errorReason(let report):
            guard let reason = checkReason(text, for: .enterInError, title: title, field: field, purpose: purpose)
            else { return }
            confirmEnteringInError(report, reason: reason)
        case .newSession, .rename: break
        }
    }

    /// The reason typed, as the desk takes it; nil (and the dialog says why) when it refuses it.
    private func checkReason(
        _ text: String, for step: ReportStep, title: String, field: TextEditorModel, purpose: InputPurpose
    ) -> String? {
        guard let desk else { return nil }
        do {
            return try desk.checkReason(text, for: step)
        } catch {
            dialog = .input(title: title, field: field, purpose: purpose, error: error.description)
            return nil
        }
    }

    /// "Jansen, M. (123456) · Progress note · urgent", for notices and the report view.
    static func describe(_ properties: DictationProperties, types: WorkTypes) -> String {
        var parts = [properties.patient?.display ?? "no patient", types.type(properties.workType).display]
        if properties.priority == .urgent { parts.append("urgent") }
        return parts.joined(separator: " · ")
    }
}
