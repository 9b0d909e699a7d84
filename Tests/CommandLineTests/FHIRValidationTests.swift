import Foundation
import SQLiteStore
import StationCore
import StationTestSupport
import Testing

/// `reports export --format fhir` makes documents a health record takes: checked by a real FHIR R4
/// validator, for a draft, a signed and an amended report, with and without a patient.
@Suite("FHIR export validated as R4")
struct FHIRValidationTests {
    @Test(
        "drafts, signed and amended reports export as valid R4 DocumentReferences with subject, author and authenticator"
    )
    func validated() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fhir-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = StationPaths(dataDirectory: directory.appendingPathComponent("data"))
        let database = try await StationDatabase.open(paths)
        let patient = Patient(name: "Jansen, M.", identifier: "123456", system: "urn:oid:2.16.840.1.113883.2.4.6.3")
        func add(_ text: String, patient: Patient?, type: String) async throws -> Int64 {
            try await database.add(
                NewReport(
                    sessionName: "Room 12", locale: "nl-NL", created: Date(timeIntervalSince1970: 1_780_000_000),
                    audioDuration: .seconds(40), audioFile: nil, text: text, author: "anna",
                    properties: DictationProperties(patient: patient, workType: type, priority: .urgent))
            ).id
        }
        let draft = try await add("Wond schoon.", patient: patient, type: "progress-note")
        let signed = try await add("Verwijzing orthopedie.", patient: patient, type: "referral-letter")
        _ = try await database.sign(id: signed, by: "drvos", at: Date(timeIntervalSince1970: 1_780_000_100))
        let amended = try await add("Ontslag morgen.", patient: nil, type: "discharge-summary")
        _ = try await database.sign(id: amended, by: "drvos", at: Date(timeIntervalSince1970: 1_780_000_100))
        _ = try await database.revise(
            id: amended, text: "Ontslag overmorgen.", at: Date(timeIntervalSince1970: 1_780_000_200), by: "drvos",
            reason: "date corrected")

        var files: [URL] = []
        var documents: [Int64: [String: Any]] = [:]
        for id in [draft, signed, amended] {
            let run = try StationBinary.run([
                "--data-dir", paths.dataDirectory.path, "reports", "export", "\(id)", "--format", "fhir",
            ])
            #expect(run.status == 0, "\(run.standardError)")
            let file = directory.appendingPathComponent("report-\(id).json")
            try Data(run.standardOutput.utf8).write(to: file)
            files.append(file)
            documents[id] = try #require(
                try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        }
        let validation = try FHIRValidator.validate(files)
        #expect(validation.status == 0, "\(validation.output)")
        #expect(
            validation.output.components(separatedBy: "valid DocumentReference R4").count == 4, "\(validation.output)")

        let first = try #require(documents[draft])
        #expect(first["docStatus"] as? String == "preliminary")
        let subject = try #require(first["subject"] as? [String: Any])
        #expect(subject["display"] as? String == "Jansen, M.")
        let identifier = try #require(subject["identifier"] as? [String: Any])
        #expect(identifier["value"] as? String == "123456")
        #expect(identifier["system"] as? String == "urn:oid:2.16.840.1.113883.2.4.6.3")
        let author = try #require((first["author"] as? [[String: Any]])?.first)
        #expect(author["display"] as? String == "anna")
        #expect(first["authenticator"] == nil)
        let type = try #require((first["type"] as? [String: Any])?["coding"] as? [[String: Any]])
        #expect(type.first?["code"] as? String == "11506-3")

        let second = try #require(documents[signed])
        #expect(second["docStatus"] as? String == "final")
        #expect((second["authenticator"] as? [String: Any])?["display"] as? String == "drvos")
        let letter = try #require((second["type"] as? [String: Any])?["coding"] as? [[String: Any]])
        #expect(letter.first?["code"] as? String == "57133-1")

        let third = try #require(documents[amended])
        #expect(third["docStatus"] as? String == "amended")
        #expect(third["subject"] == nil, "no patient given, no subject made up")
    }
}
