import Localization
import StationCore

/// What the steps of a session's details say: the hint under each step (what Enter, Tab and Esc do
/// there, no more and no less), and the notice after them, naming exactly what was made or kept.
enum SessionDetailsWords {
    // MARK: Hints

    static func hint(_ purpose: InputPurpose) -> String? {
        switch purpose {
        case .newSession:
            tr("Enter creates it now · Tab: its patient, type and priority · Esc cancels")
        case .patientName(let target):
            tr("Enter or Tab: the identifier (empty: no name)") + " · " + escape(target)
        case .patientIdentifier(let target, _):
            tr("Enter or Tab: the work type (empty: no identifier)") + " · " + escape(target)
        case .rename, .amendmentReason, .errorReason:
            nil
        }
    }

    static func hint(_ purpose: PickerPurpose) -> String? {
        switch purpose {
        case .patient(let target, _):
            tr("Type a name for a new patient · Enter or Tab chooses") + " · " + escape(target)
        case .workType(let target, _):
            tr("Enter or Tab: the priority") + " · " + escape(target)
        case .priority(let target, _, _):
            enterOnLastStep(target) + " · " + escape(target)
        case .locale, .source, .sessionLocale, .export:
            nil
        }
    }

    /// What Enter does on the last step.
    static func enterOnLastStep(_ target: SessionDetailsTarget) -> String {
        switch target {
        case .new(let name): tr("Enter creates \"\(name)\"")
        case .existing: tr("Enter sets them")
        }
    }

    /// What Esc does at any step.
    static func escape(_ target: SessionDetailsTarget) -> String {
        switch target {
        case .new: tr("Esc cancels: no session is made")
        case .existing: tr("Esc leaves the session as it is")
        }
    }

    /// Tab on the last step, which goes no further: it never makes the session by itself.
    static func lastStep(_ target: SessionDetailsTarget) -> String {
        switch target {
        case .new(let name): tr("This is the last step: Enter creates \"\(name)\", Shift-Tab goes back.")
        case .existing: tr("This is the last step: Enter sets them, Shift-Tab goes back.")
        }
    }

    // MARK: Notices

    /// "Created Room 12 – Mrs Jansen for Anna Jansen (MRN 123456), progress note."
    static func created(_ name: String, _ properties: DictationProperties, types: WorkTypes) -> String {
        let kind = kind(properties, types: types)
        guard let patient = properties.patient else { return tr("Created \(name), no patient, \(kind).") }
        return tr("Created \(name) for \(describe(patient)), \(kind).")
    }

    /// After `i`: "Room 12 is now for Anna Jansen (MRN 123456), referral letter, urgent."
    static func changed(_ name: String, _ properties: DictationProperties, types: WorkTypes) -> String {
        let kind = kind(properties, types: types)
        guard let patient = properties.patient else { return tr("\(name) now has no patient, \(kind).") }
        return tr("\(name) is now for \(describe(patient)), \(kind).")
    }

    /// Esc after `i`: the session as it stays.
    static func unchanged(_ name: String, _ properties: DictationProperties, types: WorkTypes) -> String {
        let kind = kind(properties, types: types)
        guard let patient = properties.patient else { return tr("\(name) unchanged: no patient, \(kind).") }
        return tr("\(name) unchanged: \(describe(patient)), \(kind).")
    }

    /// Esc after `n`.
    static var cancelled: String { tr("New session cancelled: nothing was created.") }

    /// "Anna Jansen (MRN 123456)": a local identifier is a medical record number, and says so.
    static func describe(_ patient: Patient) -> String {
        let identifier = patient.identifier.map { id in
            patient.system == Patient.localSystem && !id.lowercased().hasPrefix("mrn") ? tr("MRN \(id)") : id
        }
        switch (patient.name, identifier) {
        case (let name?, let id?): return "\(name) (\(id))"
        case (let name?, nil): return name
        case (nil, let id?): return id
        case (nil, nil): return tr("no patient")
        }
    }

    /// "progress note", or "referral letter, urgent": the work type as a word in a sentence.
    static func kind(_ properties: DictationProperties, types: WorkTypes) -> String {
        let type = inSentence(types.type(properties.workType).display)
        return properties.priority == .urgent ? tr("\(type), urgent") : type
    }

    /// "Progress note" → "progress note"; an abbreviation ("ICU note") keeps its capitals.
    private static func inSentence(_ display: String) -> String {
        let characters = Array(display)
        guard characters.count > 1, characters[0].isUppercase, characters[1].isLowercase else { return display }
        return characters[0].lowercased() + String(characters[1...])
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
