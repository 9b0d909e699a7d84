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
        let reports = try AuthorReports.imported(try DevCorpus.dictations("slt", 1...5), into: data)
        let me = AuthorReports.author
        let log = data.appendingPathComponent("station.log")
        let profile = data.appendingPathComponent("profiles/\(me)/en-US/profile.json")
        var lastCorrection = Date()
        for index in reports.corpus.indices {
            let edit = try reports.correct(index)
            #expect(!edit.standardOutput.contains("oice profile"), "a correction says nothing about training")
            lastCorrection = Date()
            if index == 0 {
                #expect(await waitFor(seconds: 60) { logText(log).contains("4 more corrected dictations needed") })
            }
            #expect(!FileManager.default.fileExists(atPath: profile.path), "not before the minimum")
        }
        // The gate decides: kept (a profile is in use) or refused (the figures say why); either way the
        // training ran by itself and said so.
        #expect(
            await waitFor(seconds: 900) {
                logText(log).contains("Voice profile (en-US) updated: ")
                    || logText(log).contains("Voice profile (en-US) kept")
            })
        let took = Date().timeIntervalSince(lastCorrection)
        let text = logText(log)
        print("background training: done \(String(format: "%.1f", took)) s after the last correction")
        print(text.split(separator: "\n").filter { $0.contains("Voice profile (en-US)") }.joined(separator: "\n"))
        #expect(text.contains("updated") == FileManager.default.fileExists(atPath: profile.path))
        for dictation in reports.corpus {
            #expect(!text.contains(dictation.text), "no dictated text in the log")
        }
        let listed = try StationBinary.run(["--data-dir", data.path, "profiles"])
        #expect(listed.standardOutput.contains("Latest comparisons"), "\(listed.standardOutput)")
        #expect(listed.standardOutput.contains("\(me)\ten-US\t"), "the refused candidate's figures too")
        #expect(listed.standardOutput.contains("new MAP") && listed.standardOutput.contains("new MLLR"))
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: data.appendingPathComponent("profiles/\(me)").path)
        #expect(leftovers.filter { $0.hasPrefix(".training-") }.isEmpty, "no scratch folder stays")
    }

    func logText(_ log: URL) -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    func waitFor(seconds: Double, _ condition: () -> Bool) async -> Bool {
        (try? await waitUntil("the training's progress", seconds: seconds, condition)) != nil
    }
}
