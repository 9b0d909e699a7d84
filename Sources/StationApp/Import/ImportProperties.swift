import ArgumentParsing
import Localization
import StationCore

/// The dictation properties `import` takes: `--patient-name`, `--patient-id`, `--patient-system`,
/// `--work-type CODE`, `--urgent`, and `--author` (only ever the logged-in user).
public struct ImportProperties: Sendable {
    public var patientName: String?
    public var patientID: String?
    public var patientSystem: String?
    public var workType: String?
    public var urgent = false
    public var author: String?

    public init() {}

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
            throw ArgumentError.invalidValue(option: "--work-type", value: tr("\(type) (known: \(known))"))
        }
        return DictationProperties(patient: patient, workType: type, priority: urgent ? .urgent : base.priority)
    }
}
