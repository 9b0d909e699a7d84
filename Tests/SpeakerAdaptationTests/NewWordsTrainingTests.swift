import Foundation
import StationTestSupport
import Testing

/// A corrected report holding a word the dictionary lacks trains with flite's pronunciation of it, and
/// a report training cannot use is named with the reason, through the real binary.
@Suite("New words in corrected reports train; reports left out are named", .serialized)
struct NewWordsTrainingTests {
    @Test("physiotherapist trains as flite says it and is proposed; a lost recording and an unsayable word are named")
    func newWordsAndLeftOut() async throws {
        let data = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let spoken = data.appendingPathComponent("spoken", isDirectory: true)
        try FileManager.default.createDirectory(at: spoken, withIntermediateDirectories: true)
        // Said in the corpus's voice, with a word Debian's en-US dictionary lacks.
        let physio = spoken.appendingPathComponent("physio.wav")
        try AudioFixtures.speak("refer to the physiotherapist for exercises", voice: "slt", to: physio)
        try Data("refer to the physiotherapist for exercises\n".utf8)
            .write(to: physio.deletingPathExtension().appendingPathExtension("txt"))
        var corpus = try DevCorpus.dictations("slt", 1...27)
        corpus[0].audioFile = physio
        let reports = try AuthorReports.imported(corpus, into: data)
        try reports.correctAll()
        // Report 2: its text holds a code flite cannot say. Report 3: its recording is removed.
        let code = data.appendingPathComponent("code.txt")
        try Data("review at the covid19 clinic\n".utf8).write(to: code)
        let edited = try StationBinary.run(
            ["--data-dir", data.path, "reports", "edit", reports.ids[1], "--text-file", code.path],
            environment: ["DICTATION_STATION_PROFILE_EVERY": "0"])
        #expect(edited.status == 0, "\(edited.standardError)")
        let shown = try StationBinary.run(["--data-dir", data.path, "reports", "show", reports.ids[2]])
        let audioLine = try #require(shown.standardOutput.split(separator: "\n").first { $0.hasPrefix("Audio:") })
        try FileManager.default.removeItem(
            atPath: audioLine.dropFirst("Audio:".count).trimmingCharacters(in: .whitespaces))

        let update = try StationBinary.run(["--data-dir", data.path, "profiles", "update"])
        #expect(update.status == 0, "\(update.standardError)")
        let out = update.standardOutput
        #expect(out.contains("25 reports usable"), "\(out)")
        #expect(out.contains("2 corrected reports left out of training:"), "\(out)")
        #expect(
            out.contains(
                "report \(reports.ids[1]): no pronunciation for “covid19”: give one with vocabulary add covid19"),
            "\(out)")
        #expect(out.contains("report \(reports.ids[2]): its recording is gone"), "\(out)")
        #expect(out.contains("1 new word, trained as flite's rules say it:"), "\(out)")
        #expect(out.contains("  physiotherapist\tF IH Z IY AH DH EH R AH P IH S T"), "\(out)")
        #expect(out.contains("dictation-station vocabulary add WORD"), "\(out)")
        let log = (try? String(contentsOf: data.appendingPathComponent("station.log"), encoding: .utf8)) ?? ""
        #expect(!log.contains("physiotherapist") && !log.contains("covid19"), "no dictated words in the log")
    }
}
