import Foundation
import StationCore
import Testing

@Suite("Report export")
struct ReportExportTests {
    private let report = Report(
        id: 12, sessionName: "Zimmer 3 – Frau Özdemir", locale: "de_DE",
        created: Date(timeIntervalSince1970: 1_780_000_000), audioDuration: .seconds(83),
        audioFile: URL(fileURLWithPath: "/data/audio/a.wav"), originalText: "Schmerzen im Knie",
        text: "Schmerzen im linken Knie.\nÄrztin informiert.", status: .draft, confidence: 0.75)
    private let utc = TimeZone(identifier: "UTC")!

    private func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("FHIR: an R4 DocumentReference with the text as a base64 UTF-8 attachment")
    func fhir() throws {
        let json = try object(ReportExport.export(report, revisions: [], as: .fhir, timeZone: utc))
        #expect(json["resourceType"] as? String == "DocumentReference")
        #expect(json["status"] as? String == "current")
        #expect(json["docStatus"] as? String == "preliminary")
        #expect(json["date"] as? String == "2026-05-28T20:26:40Z")
        #expect(json["language"] as? String == "de-DE")
        let type = try #require(json["type"] as? [String: Any])
        let coding = try #require((type["coding"] as? [[String: Any]])?.first)
        #expect(coding["system"] as? String == "http://loinc.org")
        #expect(coding["code"] as? String == "11506-3")
        let content = try #require(json["content"] as? [[String: Any]])
        #expect(content.count == 1)
        let attachment = try #require(content[0]["attachment"] as? [String: Any])
        #expect(attachment["contentType"] as? String == "text/plain; charset=utf-8")
        #expect(attachment["language"] as? String == "de-DE")
        #expect(attachment["title"] as? String == "Dictation: Zimmer 3 – Frau Özdemir")
        let base64 = try #require(attachment["data"] as? String)
        let data = try #require(Data(base64Encoded: base64))
        #expect(String(decoding: data, as: UTF8.self) == report.text)
        #expect(attachment["size"] as? Int == data.count)
    }

    @Test("FHIR: a signed report is a final document with its authenticator; an amended one is amended")
    func fhirFinal() throws {
        var signed = report
        signed.status = .signed
        signed.signedBy = "anna"
        signed.signedAt = Date(timeIntervalSince1970: 1_780_000_100)
        var json = try object(ReportExport.export(signed, revisions: [], as: .fhir, timeZone: utc))
        #expect(json["docStatus"] as? String == "final")
        let authenticator = try #require(json["authenticator"] as? [String: Any])
        #expect(authenticator["display"] as? String == "anna")
        signed.status = .amended
        json = try object(ReportExport.export(signed, revisions: [], as: .fhir, timeZone: utc))
        #expect(json["docStatus"] as? String == "amended")
        signed.status = .corrected
        json = try object(ReportExport.export(signed, revisions: [], as: .fhir, timeZone: utc))
        #expect(json["docStatus"] as? String == "preliminary")
        #expect(json["authenticator"] == nil, "no authenticator before signing")
    }

    @Test("JSON: every field and every revision")
    func json() throws {
        let revision = ReportRevision(
            reportID: 12, number: 1, text: report.text, created: Date(timeIntervalSince1970: 1_780_000_060))
        let json = try object(ReportExport.export(report, revisions: [revision], as: .json, timeZone: utc))
        #expect(json["id"] as? Int == 12)
        #expect(json["sessionName"] as? String == report.sessionName)
        #expect(json["originalText"] as? String == "Schmerzen im Knie")
        #expect(json["text"] as? String == report.text)
        #expect(json["durationSeconds"] as? Double == 83)
        #expect(json["status"] as? String == "draft")
        #expect(json["confidence"] as? Double == 0.75)
        #expect(json["audioFile"] as? String == "/data/audio/a.wav")
        let revisions = try #require(json["revisions"] as? [[String: Any]])
        #expect(revisions.first?["created"] as? String == "2026-05-28T20:27:40Z")
    }

    @Test("text: the fields, the text, and the original when it was corrected")
    func text() {
        let text = ReportExport.text(report, revisions: [], timeZone: utc)
        #expect(
            text.hasPrefix(
                "Report 12 · DRAFT, NOT SIGNED\nPatient:  none given\nAuthor:   unknown author\nType:     Progress note\n"
                    + "Created:  28 May 2026 20:26\nStatus:   draft\nSession:  Zimmer 3 – Frau Özdemir\n"))
        #expect(text.contains("Duration: 01:23"))
        #expect(text.contains("\n\nSchmerzen im linken Knie.\nÄrztin informiert.\n"))
        #expect(text.hasSuffix("Original transcript:\nSchmerzen im Knie\n"))
        let exported = String(
            decoding: try! ReportExport.export(report, revisions: [], as: .text, timeZone: utc), as: UTF8.self)
        #expect(!exported.contains("Original transcript"), "an export leaves it out unless asked")
        #expect(exported.hasPrefix("Report 12 · DRAFT, NOT SIGNED\n"))
    }
}
