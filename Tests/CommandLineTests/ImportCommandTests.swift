import Foundation
import StationTestSupport
import Testing

/// `dictation-station import`, driven through the real binary with Debian's en-US model and a real
/// SQLite file.
@Suite("dictation-station import", .serialized)
struct ImportCommandTests {
    @Test("recordings become reports of the session, with private copies of their audio; a bad file fails alone")
    func importRecordings() throws {
        let samples = try Array(LibriVoxSamples.all().prefix(2))
        let data = try AudioFixtures.temporaryDirectory("import").appendingPathComponent("data").path
        let missing = "/nonexistent/recording.wav"
        let run = try StationBinary.run(
            ["--data-dir", data, "import", "--session", "Ward round", "--locale", "en-US"]
                + samples.map(\.file.path) + [missing])
        #expect(run.status == 1, "one file failed")
        #expect(run.standardError.contains(missing))
        #expect(run.standardOutput.components(separatedBy: "Imported ").count == 3, "\(run.standardOutput)")

        let listed = try StationBinary.run(["--data-dir", data, "reports", "--json"])
        #expect(listed.status == 0)
        let reports = try #require(
            JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]])
        #expect(reports.count == 2)
        for (report, sample) in zip(reports.reversed(), samples) {
            #expect(report["sessionName"] as? String == "Ward round")
            let text = try #require(report["text"] as? String)
            #expect(WordErrorRate.rate(hypothesis: text, reference: sample.reference) <= 0.5, "\(text)")
            let audio = try #require(report["audioFile"] as? String)
            #expect(audio.hasPrefix(data + "/audio/"), "copied into the data directory")
            let permissions = try FileManager.default.attributesOfItem(atPath: audio)[.posixPermissions] as? Int
            #expect(permissions == 0o600)
        }
    }

    @Test("a missing --session is a usage error", arguments: [["import", "x.wav"], ["import", "--session", "A"]])
    func usage(_ arguments: [String]) throws {
        let run = try StationBinary.run(arguments)
        #expect(run.status == 2)
        #expect(run.standardError.contains("Usage:"))
    }
}
