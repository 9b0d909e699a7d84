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

    @Test("a WAV with no samples (its 44-byte header alone) is refused: no report, no copy, a clear message")
    func emptyRecording() throws {
        let folder = try AudioFixtures.temporaryDirectory("import-empty")
        let data = folder.appendingPathComponent("data").path
        let empty = folder.appendingPathComponent("empty.wav")
        // A canonical 16 kHz mono 16-bit header whose data chunk is empty.
        var header = Data("RIFF".utf8)
        func append(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { header.append(contentsOf: $0) } }
        func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { header.append(contentsOf: $0) } }
        append(36)
        header.append(contentsOf: Data("WAVEfmt ".utf8))
        append(16)
        append16(1)
        append16(1)
        append(16_000)
        append(32_000)
        append16(2)
        append16(16)
        header.append(contentsOf: Data("data".utf8))
        append(0)
        try header.write(to: empty)
        #expect(header.count == 44)

        let run = try StationBinary.run(["--data-dir", data, "import", "--session", "Ward round", empty.path])
        #expect(run.status == 1, "\(run.standardOutput)")
        #expect(run.standardError.contains("holds no sound"), "\(run.standardError)")
        #expect(!run.standardError.contains("Error Domain"), "no Foundation dump")
        let listed = try StationBinary.run(["--data-dir", data, "reports", "--json"])
        #expect(!listed.standardOutput.contains("\"id\""), "no report: \(listed.standardOutput)")
        let audio = URL(fileURLWithPath: data).appendingPathComponent("audio")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: audio.path)) ?? []
        #expect(left.filter { !$0.hasPrefix(".") }.isEmpty, "no copy kept: \(left)")
    }

    @Test("a missing --session is a usage error", arguments: [["import", "x.wav"], ["import", "--session", "A"]])
    func usage(_ arguments: [String]) throws {
        let run = try StationBinary.run(arguments)
        #expect(run.status == 2)
        #expect(run.standardError.contains("Usage:"))
    }
}
