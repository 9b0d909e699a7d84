import Localization

/// The person a dictation is about: a name, and an identifier with the system that issued it (a local
/// medical record number, for example). Either may be missing.
public struct Patient: Sendable, Equatable, Codable {
    public var name: String?
    public var identifier: String?
    /// The issuer of the identifier, as a URI for FHIR (for example `urn:oid:…` or a clinic's own URL).
    public var system: String?

    public init(name: String? = nil, identifier: String? = nil, system: String? = nil) {
        self.name = Self.clean(name)
        self.identifier = Self.clean(identifier)
        self.system = Self.clean(system)
    }

    /// The system of identifiers a clinic has not configured one: its local record numbers.
    public static let localSystem = "urn:dictation-station:local-mrn"

    /// Whether nothing is known of the patient.
    public var isEmpty: Bool { name == nil && identifier == nil }

    /// "Jansen, M. (MRN 123456)", for lists and headers.
    public var display: String {
        switch (name, identifier) {
        case (let name?, let id?): "\(name) (\(id))"
        case (let name?, nil): name
        case (nil, let id?): id
        case (nil, nil): tr("no patient")
        }
    }

    /// The digits of the identifier alone ("MRN 200-871" → "200871"), which a search matches as a word
    /// of its own: people type the number they read, not its prefix or its dashes. Nil without digits.
    public var identifierDigits: String? {
        let digits = String(identifier?.unicodeScalars.filter { ("0"..."9").contains($0) }.map(Character.init) ?? [])
        return digits.isEmpty ? nil : digits
    }

    /// Why a typed patient field cannot be kept, or nil when it can.
    public static func problem(with field: String?, limit: Int = 120) -> String? {
        guard let field else { return nil }
        if field.count > limit { return tr("at most \(limit) characters") }
        if field.unicodeScalars.contains(where: {
            $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
        }) {
            return tr("no control characters")
        }
        return nil
    }

    private static func clean(_ field: String?) -> String? {
        let trimmed = field?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return trimmed.isEmpty ? nil : trimmed
    }
}
