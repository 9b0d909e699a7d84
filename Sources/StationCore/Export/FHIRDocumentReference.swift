import Foundation

/// An HL7 FHIR R4 DocumentReference whose single attachment is the report's current text, so a
/// report can be posted to an electronic health record.
struct FHIRDocumentReference: Encodable {
    struct Coding: Encodable {
        var system: String
        var code: String
        var display: String
    }

    struct CodeableConcept: Encodable {
        var coding: [Coding]
        var text: String
    }

    struct Attachment: Encodable {
        var contentType: String
        var language: String
        /// base64Binary of the UTF-8 text.
        var data: String
        var size: Int
        var title: String
        var creation: String
    }

    struct Content: Encodable {
        var attachment: Attachment
    }

    struct Identifier: Encodable {
        var system: String
        var value: String
    }

    /// A Reference by identifier and display: the station knows people and patients by name and
    /// number, not by the URL of a resource on a server.
    struct Reference: Encodable {
        var identifier: Identifier?
        var display: String?
    }

    var resourceType = "DocumentReference"
    var id: String
    var language: String
    var status = "current"
    var docStatus: String
    var type: CodeableConcept
    var subject: Reference?
    var date: String
    var author: [Reference]?
    var authenticator: Reference?
    var description: String
    var content: [Content]

    /// The system of the station's user names, for `author` and `authenticator`.
    static let userSystem = "urn:dictation-station:user"

    init(_ report: Report, workTypes: WorkTypes) {
        let text = Data(report.text.utf8)
        let language = Self.bcp47(report.locale)
        id = String(report.id)
        self.language = language
        // A wrong report is never withdrawn silently: the record says it was entered in error.
        if report.enteredInError != nil { status = "entered-in-error" }
        docStatus =
            switch report.status {
            case .draft, .corrected: "preliminary"
            case .signed: "final"
            case .amended: "amended"
            }
        let workType = workTypes.type(report.properties.workType)
        type = CodeableConcept(
            coding: [Coding(system: "http://loinc.org", code: workType.loinc, display: workType.display)],
            text: workType.display)
        subject = report.properties.patient.map { patient in
            Reference(
                identifier: patient.identifier.map {
                    Identifier(system: patient.system ?? Patient.localSystem, value: $0)
                },
                display: patient.name)
        }
        author = report.author.map { [Self.user($0)] }
        authenticator = report.status.isSigned ? report.signedBy.map(Self.user) : nil
        date = ReportTimeFormat.instant(report.created)
        description = report.sessionName
        content = [
            Content(
                attachment: Attachment(
                    contentType: "text/plain; charset=utf-8", language: language, data: text.base64EncodedString(),
                    size: text.count, title: "Dictation: \(report.sessionName)",
                    creation: ReportTimeFormat.instant(report.created)))
        ]
    }

    static func user(_ name: String) -> Reference {
        Reference(identifier: Identifier(system: userSystem, value: name), display: name)
    }

    /// FHIR codes languages as BCP 47 tags: `en_US` becomes `en-US`.
    static func bcp47(_ locale: String) -> String {
        locale.replacingOccurrences(of: "_", with: "-")
    }
}
