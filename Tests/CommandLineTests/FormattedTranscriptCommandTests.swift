import Foundation
import StationTestSupport
import Testing

/// Real speech (flite's kal16 voice) through the real binary and Debian's en-US model: the text has the
/// numbers as clinicians write them, the original transcript the decoder's words.
@Suite("Numbers in transcripts, from real speech", .serialized)
struct FormattedTranscriptCommandTests {
    static let sentence = "blood pressure one hundred twenty over eighty. aspirin ten milligrams daily."

    static func speech(in folder: URL) throws -> URL {
        let spoken = folder.appendingPathComponent("spoken.wav")
        let flite = Process()
        flite.executableURL = URL(fileURLWithPath: "/usr/bin/flite")
        flite.arguments = ["-voice", "kal16", "-t", sentence, "-o", spoken.path]
        try flite.run()
        flite.waitUntilExit()
        try #require(flite.terminationStatus == 0, "flite failed")
        let file = folder.appendingPathComponent("dictation.wav")
        try AudioFixtures.sox([spoken.path, "-r", "16000", "-c", "1", file.path])
        return file
    }

    @Test("transcribe and import write 120/80 and 10 mg; the report's original keeps the spoken words")
    func numbers() throws {
        let folder = try AudioFixtures.temporaryDirectory("numbers")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Self.speech(in: folder)
        let data = folder.appendingPathComponent("data").path

        let transcribed = try StationBinary.run(["--data-dir", data, "transcribe", file.path])
        #expect(transcribed.status == 0, "\(transcribed.standardError)")
        #expect(transcribed.standardOutput.contains("pressure 120/80"), "\(transcribed.standardOutput)")
        #expect(transcribed.standardOutput.contains("10 mg daily"), "\(transcribed.standardOutput)")

        let imported = try StationBinary.run(["--data-dir", data, "import", "--session", "Room 12", file.path])
        #expect(imported.status == 0, "\(imported.standardError)")
        let exported = try StationBinary.run(["--data-dir", data, "reports", "export", "1", "--format", "json"])
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(exported.standardOutput.utf8)) as? [String: Any])
        let text = try #require(report["text"] as? String)
        let original = try #require(report["originalText"] as? String)
        #expect(text.contains("120/80") && text.contains("10 mg"), "\(text)")
        #expect(original.contains("one hundred twenty over eighty"), "\(original)")
        #expect(original.contains("ten milligrams"), "\(original)")
        #expect(report["status"] as? String == "draft")

        let plain = try StationBinary.run(["--data-dir", data, "reports", "export", "1"])
        #expect(!plain.standardOutput.contains("Original transcript:"), "only when asked: \(plain.standardOutput)")
        #expect(plain.standardOutput.hasPrefix("Report 1 · DRAFT, NOT SIGNED\n"), "\(plain.standardOutput)")
        let shown = try StationBinary.run(["--data-dir", data, "reports", "export", "1", "--with-original"])
        #expect(shown.standardOutput.contains("Original transcript:"), "\(shown.standardOutput)")
        #expect(shown.standardOutput.contains("one hundred twenty over eighty"))
    }
}
