import Foundation
import LocalClaims
import SQLiteStore
import StationCore
import StationTestSupport
import Testing

/// The clinical workflow on the command line: who dictated, about whom, signing and amending, one
/// editor at a time, and no signing as someone else.
@Suite("dictation-station: author, patient, signing")
struct ClinicalWorkflowCommandTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("workflow-\(UUID().uuidString)")
    var paths: StationPaths { StationPaths(dataDirectory: directory.appendingPathComponent("data")) }
    /// The logged-in user the binary records as author (the test runs as the same user).
    let me = ProcessInfo.processInfo.userName

    func run(_ arguments: [String]) throws -> StationBinary.Outcome {
        try StationBinary.run(["--data-dir", paths.dataDirectory.path] + arguments)
    }

    func seeded(_ text: String, urgent: Bool = false) async throws -> Int64 {
        let database = try await StationDatabase.open(paths)
        return try await database.add(
            NewReport(
                sessionName: "Room 12", locale: "en-US", created: Date(timeIntervalSince1970: 1_780_000_000),
                audioDuration: .seconds(20), audioFile: nil, text: text, author: "anna",
                properties: DictationProperties(
                    patient: Patient(name: "Jansen, M.", identifier: "MRN-4471"), priority: urgent ? .urgent : .normal))
        ).id
    }

    @Test("import records the patient, the work type, the urgency and the logged-in author; the list filters on them")
    func importWithPatient() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let sample = try #require(try LibriVoxSamples.all().first)
        let imported = try run([
            "import", "--session", "Ward round", "--patient-name", "Özdemir, A.", "--patient-id", "991",
            "--work-type", "discharge-summary", "--urgent", sample.file.path,
        ])
        #expect(imported.status == 0, "\(imported.standardError)")
        _ = try await seeded("someone else's")
        let mine = try run(["reports", "--mine"])
        #expect(mine.status == 0)
        let lines = mine.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "only my report:\n\(mine.standardOutput)")
        #expect(lines[1].contains("!  Özdemir, A. (991)"), "urgent, with its patient:\n\(lines[1])")
        #expect(lines[1].contains(me))
        #expect(lines[1].contains("Discharge summary"))
        #expect(try run(["reports", "--urgent"]).standardOutput.split(separator: "\n").count == 2)
        #expect(try run(["reports", "--search", "ozdem"]).standardOutput.contains("Özdemir, A. (991)"))
        #expect(try run(["reports", "--search", "MRN-4471"]).standardOutput.contains("Jansen, M."))
        let unknown = try run(["import", "--session", "X", "--work-type", "poem", sample.file.path])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("--work-type"))
    }

    @Test("sign makes a report final as the logged-in user; a signed report changes only by an amendment with a reason")
    func signAndAmend() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let id = try await seeded("Knee pain, left.")
        let signed = try run(["reports", "sign", "\(id)", "--yes"])
        #expect(signed.status == 0, "\(signed.standardError)")
        #expect(
            signed.standardOutput.hasSuffix("Knee pain, left.\n\nSigned report \(id) as \(me).\n"),
            "\(signed.standardOutput)")
        let again = try run(["reports", "sign", "\(id)"])
        #expect(again.status == 1)
        #expect(again.standardError.contains("signed already by \(me)"))

        let file = directory.appendingPathComponent("new.txt")
        try Data("Knee pain, right.".utf8).write(to: file)
        let inPlace = try run(["reports", "edit", "\(id)", "--text-file", file.path])
        #expect(inPlace.status == 1)
        #expect(inPlace.standardError.contains("needs a reason"))
        let amended = try run(["reports", "edit", "\(id)", "--text-file", file.path, "--reason", "side was wrong"])
        #expect(amended.status == 0, "\(amended.standardError)")
        #expect(amended.standardOutput.contains("(amended)"))
        let shown = try run(["reports", "show", "\(id)"])
        #expect(shown.standardOutput.contains("Status:   amended"))
        #expect(shown.standardOutput.contains("Knee pain, right."))
        #expect(shown.standardOutput.contains("by \(me): side was wrong"))
        #expect(shown.standardOutput.contains("signed by \(me)"))
        #expect(shown.standardOutput.contains("created by anna"))
        let unsigned = try run(["reports", "--unsigned"])
        #expect(!unsigned.standardOutput.contains("Knee pain"), "signed and amended are not unsigned")
    }

    @Test("--author naming anyone but the logged-in user is refused: no one signs as another")
    func noSigningAsAnother() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let id = try await seeded("Knee pain.")
        let refused = try run(["reports", "sign", "\(id)", "--author", "drvos"])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("you are logged in as \(me)"))
        let database = try await StationDatabase.open(paths)
        #expect(try await database.report(id: id)?.status == .draft, "nothing was signed")
        #expect(try run(["reports", "sign", "\(id)", "--author", me, "--yes"]).status == 0, "naming yourself is fine")
    }

    @Test("a report another process is correcting is refused to reports edit, naming who corrects it")
    func oneEditor() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let id = try await seeded("Knee pain.")
        let locks = FileReportEditLocks(
            paths: paths, holder: DictationHolder(user: "anna", host: "ws-12", processID: 4242))
        #expect(locks.claim(report: id) == .claimed)
        let file = directory.appendingPathComponent("new.txt")
        try Data("Changed.".utf8).write(to: file)
        let refused = try run(["reports", "edit", "\(id)", "--text-file", file.path])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("being corrected by anna on ws-12"))
        locks.release(report: id)
        let saved = try run(["reports", "edit", "\(id)", "--text-file", file.path])
        #expect(saved.status == 0, "\(saved.standardError)")
        #expect(saved.standardOutput.contains("(corrected)"))
    }
}
