import Foundation
import StationCore
import Testing

@testable import PostgresStore

/// The clinic store finds a patient by the digits of their identifier, as the SQLite store does.
@Suite("Clinic store: search by the digits of an identifier", .enabled(if: TestServer.isRunning, TestServer.skipReason))
struct ClinicIdentifierSearchTests {
    @Test("200871 and 2008 find MRN200871, as mrn200871 does; 123456 finds 123-456-789; every word must match")
    func digitsOfIdentifier() async throws {
        var clinic = try await TestClinic.make()
        defer { clinic.drop() }
        let anna = try await clinic.addUser("anna")
        let store = try await clinic.store(as: anna)
        let okafor = try await store.add(
            ClinicReportStoreTests.newReport(
                "Wound healing.", patient: Patient(name: "Daniel Okafor", identifier: "MRN200871")))
        let dashed = try await store.add(
            ClinicReportStoreTests.newReport(
                "Knee pain.", minutesLater: 1, patient: Patient(name: "Anna Jansen", identifier: "123-456-789")))
        func found(_ search: String) async throws -> [Int64] {
            try await store.reports(ReportQuery(search: search), limit: 10, offset: 0).map(\.id)
        }
        #expect(try await found("200871") == [okafor.id])
        #expect(try await found("2008") == [okafor.id])
        #expect(try await found("mrn200871") == [okafor.id])
        #expect(try await found("okafor 200871") == [okafor.id])
        #expect(try await found("123456") == [dashed.id])
        #expect(try await found("jansen 200871").isEmpty)
        #expect(try await found("0087").isEmpty)
        #expect(try await found("knee") == [dashed.id], "a search without digits as before")
    }
}
