import StationCore

/// The steps of a session's details, in the order they are asked: the name (a new session's only), the
/// patient (a recent one, none, or a new one typed: its name, then its identifier), the work type and
/// the priority.
enum SessionDetailsStep: Equatable {
    case name
    /// The choice of a patient, from the recent ones; typing starts a new one.
    case patient
    case patientName
    case patientIdentifier
    case workType
    /// The last step: Enter makes the session (or sets its details).
    case priority
}

/// Which patient the steps have settled on.
enum PatientChoice: Equatable {
    /// Nothing chosen yet (a new session): the list opens on "New patient…".
    case undecided
    case none
    case recent(Patient)
    /// The name and identifier typed in the steps that follow.
    case typed
}

/// What the steps have gathered. Each field keeps its text as typed, so a step gone back to shows it
/// again; nothing reaches the station before the last step.
struct SessionDetailsDraft {
    var name = ""
    var choice = PatientChoice.undecided
    var patientName = ""
    var identifier = ""
    var workType: String
    var priority: ReportPriority

    init(_ properties: DictationProperties, name: String = "", isNew: Bool) {
        self.name = name
        workType = properties.workType
        priority = properties.priority
        if !isNew { choice = properties.patient.map { .recent($0) } ?? .none }
    }

    /// The patient as the steps stand: the one chosen, or the one typed (nil when both fields are empty).
    var patient: Patient? {
        switch choice {
        case .undecided, .none: return nil
        case .recent(let patient): return patient
        case .typed:
            let hasIdentifier = !identifier.trimmingCharacters(in: .whitespaces).isEmpty
            let patient = Patient(
                name: patientName, identifier: identifier, system: hasIdentifier ? Patient.localSystem : nil)
            return patient.isEmpty ? nil : patient
        }
    }

    var properties: DictationProperties {
        DictationProperties(patient: patient, workType: workType, priority: priority)
    }
}
