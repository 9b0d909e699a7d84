import StationCore

/// The dictation properties `import` takes: `--patient-name`, `--patient-id`, `--patient-system`,
/// `--work-type CODE`, `--urgent`, and `--author` (only ever the logged-in user).
struct ImportProperties {
    var patientName: String?
    var patientID: String?
    var patientSystem: String?
    var workType: String?
    var urgent = false
    var author: String?

    /// Takes the option `name` when it is one of these; false for any other option.
    mutating func take(_ name: String, inline: String?, from parser: inout ArgumentParser) throws -> Bool {
        switch name {
        case "--patient-name": patientName = try checked(parser.value(for: name, inline: inline), name)
        case "--patient-id": patientID = try checked(parser.value(for: name, inline: inline), name)
        case "--patient-system": patientSystem = try checked(parser.value(for: name, inline: inline), name)
        case "--work-type": workType = try parser.value(for: name, inline: inline)
        case "--urgent": urgent = true
        case "--author": author = try parser.value(for: name, inline: inline)
        default: return false
        }
        return true
    }

    /// The properties of the imported reports: what the options say, else the existing session's.
    func resolved(session: DictationProperties?, workTypes: WorkTypes) throws -> DictationProperties {
        let base = session ?? DictationProperties(workType: workTypes.standard.code)
        var patient = base.patient
        if patientName != nil || patientID != nil {
            patient = Patient(name: patientName, identifier: patientID, system: patientSystem)
        }
        let type = workType ?? base.workType
        guard workTypes.all.contains(where: { $0.code == type }) || type == base.workType else {
            let known = workTypes.all.map(\.code).joined(separator: ", ")
            throw ArgumentError.invalidValue(option: "--work-type", value: "\(type) (known: \(known))")
        }
        return DictationProperties(patient: patient, workType: type, priority: urgent ? .urgent : base.priority)
    }

    private func checked(_ value: String, _ option: String) throws -> String {
        guard Patient.problem(with: value) == nil else {
            throw ArgumentError.invalidValue(option: option, value: value)
        }
        return value
    }
}
