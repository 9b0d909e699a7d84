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

    var resourceType = "DocumentReference"
    var id: String
    var language: String
    var status = "current"
    var docStatus: String
    var type: CodeableConcept
    var date: String
    var description: String
    var content: [Content]

    init(_ report: Report) {
        let text = Data(report.text.utf8)
        let language = Self.bcp47(report.locale)
        id = String(report.id)
        self.language = language
        docStatus = report.status == .final ? "final" : "preliminary"
        type = CodeableConcept(
            coding: [Coding(system: "http://loinc.org", code: "11506-3", display: "Progress note")],
            text: "Dictated report")
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

    /// FHIR codes languages as BCP 47 tags: `en_US` becomes `en-US`.
    static func bcp47(_ locale: String) -> String {
        locale.replacingOccurrences(of: "_", with: "-")
    }
}
