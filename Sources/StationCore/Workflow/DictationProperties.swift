/// What a dictation is, beside its words: about whom, what kind of document, how urgent. A session
/// carries them to each report it sends; a report keeps them as they were at the time.
public struct DictationProperties: Sendable, Equatable {
    public var patient: Patient?
    public var workType: String
    public var priority: ReportPriority

    public init(
        patient: Patient? = nil, workType: String = WorkTypes.builtIn.standard.code, priority: ReportPriority = .normal
    ) {
        self.patient = patient.flatMap { $0.isEmpty ? nil : $0 }
        self.workType = workType
        self.priority = priority
    }
}
