import Foundation
import Localization

/// The kind of document a dictation becomes, with the LOINC code a health record files it under.
public struct WorkType: Sendable, Equatable, Codable {
    /// A short key kept with each report, for example `progress-note`.
    public var code: String
    /// What a person reads, for example "Progress note".
    public var display: String
    /// The LOINC document code, for FHIR's `type`.
    public var loinc: String
    /// The headings its reports are written under ("Subjective", "Objective", "Assessment", "Plan"),
    /// each started by saying the locale's heading word and its name ("heading plan"); nil: none.
    public var sections: [String]?

    public init(code: String, display: String, loinc: String, sections: [String]? = nil) {
        self.code = code
        self.display = display
        self.loinc = loinc
        self.sections = sections
    }
}

/// The work types a clinic offers: the built-in list, or its own `work-types.json` in the config folder
/// (a JSON array of `{"code", "display", "loinc"}`, optionally with `"sections": ["Subjective", …]`).
public struct WorkTypes: Sendable, Equatable {
    public var all: [WorkType]

    public init(_ all: [WorkType]) { self.all = all.isEmpty ? Self.builtIn.all : all }

    /// The work type a dictation gets unless one is chosen.
    public var standard: WorkType { all[0] }

    /// The work type with `code`, or a stand-in that keeps the code of a type no longer configured.
    public func type(_ code: String) -> WorkType {
        all.first { $0.code == code }
            ?? WorkType(code: code, display: code, loinc: Self.builtIn.standard.loinc)
    }

    /// The built-in list, its names in the interface language (the codes are what is stored).
    public static var builtIn: WorkTypes {
        WorkTypes([
            WorkType(code: "progress-note", display: tr("Progress note"), loinc: "11506-3"),
            WorkType(code: "referral-letter", display: tr("Referral letter"), loinc: "57133-1"),
            WorkType(code: "discharge-summary", display: tr("Discharge summary"), loinc: "18842-5"),
            WorkType(code: "consult-note", display: tr("Consultation note"), loinc: "11488-4"),
            WorkType(code: "operative-note", display: tr("Operative note"), loinc: "11504-8"),
            WorkType(code: "history-physical", display: tr("History and physical"), loinc: "34117-2"),
        ])
    }

    /// Reads a clinic's list; a file that is missing gives the built-in list, one that is malformed
    /// is an error with the reason.
    public static func load(from file: URL) throws -> WorkTypes {
        guard FileManager.default.fileExists(atPath: file.path) else { return builtIn }
        let types = try JSONDecoder().decode([WorkType].self, from: Data(contentsOf: file))
        for type in types {
            let fields = [type.code, type.display, type.loinc] + (type.sections ?? [])
            guard fields.allSatisfy({ !$0.isEmpty && Patient.problem(with: $0) == nil }) else {
                throw WorkTypeError(file: file.path, reason: tr("an entry has an empty field or control characters"))
            }
        }
        guard !types.isEmpty else { throw WorkTypeError(file: file.path, reason: tr("the list is empty")) }
        return WorkTypes(types)
    }
}

/// A clinic's work-type list that cannot be used.
public struct WorkTypeError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var reason: String
    public var description: String { tr("The work types in \(file) cannot be used: \(reason).") }
}

/// How soon a report is needed.
public enum ReportPriority: String, Sendable, Codable, CaseIterable {
    case normal
    case urgent
}
