import Foundation
import SpeakerAdaptation
import StationTestSupport
import Testing

/// Dev-corpus dictations as the logged-in author's reports in a data directory, through the real binary:
/// `import`, then `reports edit` with each sentence's text (a correction, as a person makes it).
struct AuthorReports {
    let data: URL
    let corpus: [CorrectedDictation]
    /// Report ids, in the corpus's order.
    let ids: [String]

    static var author: String { NSUserName() }

    /// Imports `corpus` into `data` as the logged-in author's dictations, uncorrected.
    static func imported(_ corpus: [CorrectedDictation], into data: URL) throws -> AuthorReports {
        let imported = try StationBinary.run(
            ["--data-dir", data.path, "import", "--session", "Ward round", "--locale", "en-US", "--author", author]
                + corpus.map(\.audioFile.path))
        #expect(imported.status == 0, "\(imported.standardError)")
        // "Imported FILE as report ID."
        var byFile: [String: String] = [:]
        for line in imported.standardOutput.split(separator: "\n") {
            let words = line.split(separator: " ")
            if let id = words.last?.dropLast(), let file = words.dropFirst().first { byFile[String(file)] = String(id) }
        }
        let ids = try corpus.map { try #require(byFile[$0.audioFile.path]) }
        return AuthorReports(data: data, corpus: corpus, ids: ids)
    }

    /// Corrects report `index` to its sentence's text (or `text`) with `reports edit`, as a person would.
    @discardableResult
    func correct(
        _ index: Int, text: String? = nil, environment: [String: String] = [:]
    ) throws
        -> StationBinary.Outcome
    {
        var file = corpus[index].audioFile.deletingPathExtension().appendingPathExtension("txt")
        if let text {
            file = data.appendingPathComponent("correction.txt")
            try Data((text + "\n").utf8).write(to: file)
        }
        let edit = try StationBinary.run(
            ["--data-dir", data.path, "reports", "edit", ids[index], "--text-file", file.path],
            environment: environment)
        #expect(edit.status == 0, "\(edit.standardError)")
        return edit
    }

    /// Corrects every report with background training off.
    func correctAll() throws {
        for index in corpus.indices { try correct(index, environment: ["DICTATION_STATION_PROFILE_EVERY": "0"]) }
    }
}
