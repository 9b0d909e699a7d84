import Foundation
import SQLiteStore
import StationCore

/// Reports and sessions about named patients, written into a station's real SQLite file before the
/// binary opens it (or while it runs: it polls the file for changes, as for another station).
enum ListSeeding {
    static let devries = Patient(name: "Pieter de Vries", identifier: "MRN300512")
    static let okafor = Patient(name: "Daniel Okafor-Mbeki van den Berghe", identifier: "MRN200871")
    static let jansen = Patient(name: "Anna Jansen", identifier: "MRN118204")

    static func database(_ data: String) async throws -> StationDatabase {
        try await StationDatabase.open(StationPaths(dataDirectory: URL(fileURLWithPath: data)))
    }

    @discardableResult
    static func report(
        _ text: String, patient: Patient?, session: String, priority: ReportPriority = .normal,
        created: Date = Date(), author: String? = "anna", to data: String
    ) async throws -> Report {
        try await database(data).add(
            NewReport(
                sessionName: session, locale: "en-US", created: created, audioDuration: .seconds(42), audioFile: nil,
                text: text, author: author,
                properties: DictationProperties(patient: patient, priority: priority)))
    }

    static func session(
        _ name: String, patient: Patient?, priority: ReportPriority = .normal, to data: String
    )
        async throws
    {
        try await database(data).save(
            SessionRecord(
                id: .make(), name: name, locale: "en-US", state: .notRecording, elapsed: .zero, audioFile: nil,
                created: Date(), updated: Date(), author: "anna",
                properties: DictationProperties(patient: patient, priority: priority)))
    }
}
