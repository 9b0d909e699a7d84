import Foundation
import SQLiteStore
import StationCore

/// A fresh data directory under the temporary directory, removed when the test is done with it.
final class TestDataDirectory: Sendable {
    let paths: StationPaths

    init() {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "store-tests-\(UUID().uuidString)", isDirectory: true)
        paths = StationPaths(dataDirectory: url)
    }

    deinit { try? FileManager.default.removeItem(at: paths.dataDirectory) }

    func open() async throws -> StationDatabase { try await StationDatabase.open(paths) }

    /// The permission bits of a file or directory under the data directory.
    func mode(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}

/// A report with every field set, to check that each one comes back.
func sampleReport(
    _ text: String = "Patiënt klaagt over pijn in de linkerknie.\nTweede regel.",
    session: String = "Kamer 12 – Mw. Jansen",
    created: Date = Date(timeIntervalSince1970: 1_780_000_000.125), audio: URL? = nil, confidence: Double? = 0.8125
) -> NewReport {
    NewReport(
        sessionName: session, locale: "nl-NL", created: created, audioDuration: .milliseconds(83_250),
        audioFile: audio ?? URL(fileURLWithPath: "/var/tmp/kamer-12.wav"), text: text, confidence: confidence)
}
