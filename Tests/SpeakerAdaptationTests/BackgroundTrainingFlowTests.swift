import Foundation
import SpeakerAdaptation
import StationCore
import StationTestSupport
import Testing

/// The whole flow with the real binary: dictations imported under the logged-in author, corrected on
/// the command line, and the profile trained in the background after the correction that makes it
/// due, its outcome in station.log as the screen would say it (and no dictated words there).
@Suite("Voice profiles trained in the background", .serialized)
struct BackgroundTrainingFlowTests {
    @Test("the correction that reaches the minimum trains the author's first profile by itself")
    func firstProfileFromCorrections() async throws {
        let data = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let corpus = try DevCorpus.dictations("slt", 1...25)
        let me = NSUserName()
        let imported = try StationBinary.run(
            ["--data-dir", data.path, "import", "--session", "Ward round", "--locale", "en-US", "--author", me]
                + corpus.map(\.audioFile.path))
        #expect(imported.status == 0, "\(imported.standardError)")
        // "Imported FILE as report ID."
        var ids: [String: String] = [:]
        for line in imported.standardOutput.split(separator: "\n") {
            let words = line.split(separator: " ")
            if let id = words.last?.dropLast(), let file = words.dropFirst().first { ids[String(file)] = String(id) }
        }
        let log = data.appendingPathComponent("station.log")
        let profile = data.appendingPathComponent("profiles/\(me)/en-US/profile.json")
        var lastCorrection = Date()
        for (number, dictation) in corpus.enumerated() {
            let id = try #require(ids[dictation.audioFile.path])
            let text = dictation.audioFile.deletingPathExtension().appendingPathExtension("txt")
            let edit = try StationBinary.run(["--data-dir", data.path, "reports", "edit", id, "--text-file", text.path])
            #expect(edit.status == 0, "\(edit.standardError)")
            #expect(!edit.standardOutput.contains("oice profile"), "a correction says nothing about training")
            lastCorrection = Date()
            if number == 0 {
                #expect(await waitFor(seconds: 60) { logText(log).contains("24 more corrected dictations needed") })
            }
            #expect(!FileManager.default.fileExists(atPath: profile.path), "not before the minimum")
        }
        #expect(await waitFor(seconds: 400) { FileManager.default.fileExists(atPath: profile.path) })
        let took = Date().timeIntervalSince(lastCorrection)
        #expect(await waitFor(seconds: 30) { logText(log).contains("Voice profile (en-US) updated: ") })
        let text = logText(log)
        print("background training: profile \(String(format: "%.1f", took)) s after the last correction")
        print(text.split(separator: "\n").filter { $0.contains("updated") }.joined(separator: "\n"))
        for dictation in corpus {
            #expect(!text.contains(dictation.text), "no dictated text in the log")
        }
        let listed = try StationBinary.run(["--data-dir", data.path, "profiles"])
        #expect(listed.standardOutput.contains("\(me)\ten-US\t"))
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: data.appendingPathComponent("profiles/\(me)").path)
        #expect(leftovers.filter { $0.hasPrefix(".training-") }.isEmpty, "no scratch folder stays")
    }

    func logText(_ log: URL) -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    func waitFor(seconds: Double, _ condition: () -> Bool) async -> Bool {
        (try? await waitUntil("the training's progress", seconds: seconds, condition)) != nil
    }
}
