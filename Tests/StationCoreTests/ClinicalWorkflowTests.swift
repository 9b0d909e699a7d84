import Foundation
import StationCore
import StationTestSupport
import Testing

/// Who dictated, about whom, what kind of document: a session carries them to each report it sends.
@MainActor
@Suite("The clinical workflow in the core")
struct ClinicalWorkflowTests {
    @Test("a sent dictation's report has the station's author and the session's patient, type and priority")
    func reportCarriesProperties() async throws {
        let fixture = StationFixture(author: "anna")
        let patient = Patient(name: "Jansen, M.", identifier: "123456")
        let session = try fixture.station.createSession(
            named: "Room 12", properties: DictationProperties(patient: patient, workType: "referral-letter"))
        #expect(session.author == "anna")
        session.pressMainAction()
        session.pressMainAction()
        fixture.transcriber.answer("referral to orthopaedics")
        session.pressSend()
        await fixture.station.settle()
        let report = try #require(fixture.reports.all.first)
        #expect(report.author == "anna")
        #expect(report.properties.patient == patient)
        #expect(report.properties.workType == "referral-letter")
        #expect(report.properties.priority == .normal)
    }

    @Test("changing a session's patient changes its next reports only")
    func renamingKeepsPastReports() async throws {
        let fixture = StationFixture(author: "anna")
        let session = try fixture.station.createSession(
            named: "Room 12", properties: DictationProperties(patient: Patient(name: "Jansen, M.")))
        session.pressMainAction()
        session.pressMainAction()
        fixture.transcriber.answer("first")
        session.pressSend()
        await fixture.station.settle()
        fixture.station.setProperties(
            of: session.id, DictationProperties(patient: Patient(name: "Peters, K."), priority: .urgent))
        try fixture.station.rename(session.id, to: "Room 12 – Mr Peters")
        session.pressMainAction()
        session.pressMainAction()
        fixture.transcriber.answer("second")
        session.pressSend()
        await fixture.station.settle()
        let reports = fixture.reports.all
        #expect(reports.map(\.properties.patient?.name) == ["Jansen, M.", "Peters, K."])
        #expect(reports.map(\.sessionName) == ["Room 12", "Room 12 – Mr Peters"], "past reports keep their names")
        #expect(reports.map(\.properties.priority) == [.normal, .urgent])
        #expect(fixture.sessionStore.saved.first?.properties.patient?.name == "Peters, K.")
        let recent = await fixture.station.recentPatients()
        #expect(recent.map(\.name) == ["Peters, K.", "Jansen, M."])
    }

    @Test("patient fields with control characters or too long are refused with the reason")
    func patientFields() {
        #expect(Patient.problem(with: "Jansen\u{1B}[2J") == "no control characters")
        #expect(Patient.problem(with: String(repeating: "x", count: 121)) == "at most 120 characters")
        #expect(Patient.problem(with: "Özdemir, A.") == nil)
        #expect(Patient(name: "  ", identifier: " 12 ").name == nil)
        #expect(Patient(name: "  ", identifier: " 12 ").identifier == "12")
        #expect(DictationProperties(patient: Patient()).patient == nil, "an empty patient is no patient")
    }

    @Test("a clinic's work types come from its file; a malformed file is refused with the reason")
    func workTypes() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("work-types.json")
        #expect(try WorkTypes.load(from: file) == .builtIn)
        try Data(#"[{"code": "letter", "display": "Letter to GP", "loinc": "34109-9"}]"#.utf8).write(to: file)
        let types = try WorkTypes.load(from: file)
        #expect(types.standard.display == "Letter to GP")
        #expect(types.type("gone").display == "gone", "a type no longer configured keeps its code")
        try Data(#"[{"code": "x\u001b", "display": "", "loinc": "1"}]"#.utf8).write(to: file)
        #expect(throws: WorkTypeError.self) { try WorkTypes.load(from: file) }
    }
}
