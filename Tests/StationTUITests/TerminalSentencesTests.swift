import Foundation
import StationTestSupport
import StationTestTraits
import Testing

/// A dictation spoken without a single punctuation command, as people dictate between patients, played
/// into the real PulseAudio server and recorded by the real binary in tmux: the report reads as
/// sentences, with a paragraph where the speaker paused long.
@Suite("Sentences from how people speak, in tmux", .serialized, .audioServer)
struct TerminalSentencesTests {
    let terminal: StationInTmux

    init() throws { terminal = try StationInTmux("sentences") }

    static let sentences = [
        "the patient was seen in the clinic today", "the wound is healing well with no sign of infection",
        "follow up in two weeks",
    ]

    /// The three sentences by flite's rms voice, 1 s apart and then 2.6 s (a paragraph).
    static func dictation(in folder: URL) throws -> URL {
        var parts: [String] = []
        for (index, sentence) in sentences.enumerated() {
            if index > 0 {
                let pause = folder.appendingPathComponent("pause-\(index).wav")
                try AudioFixtures.sox(
                    ["-n", "-r", "16000", "-c", "1", "-b", "16", pause.path, "trim", "0", index == 1 ? "1.0" : "2.6"])
                parts.append(pause.path)
            }
            parts.append(try SpokenSentence.wav(sentence, voice: "rms", named: "sentence-\(index)", in: folder).path)
        }
        let dictation = folder.appendingPathComponent("dictation.wav")
        try AudioFixtures.sox(parts + [dictation.path])
        return dictation
    }

    @Test("a dictation without punctuation commands reads as sentences and paragraphs in the report view")
    func sentencesInReportView() async throws {
        try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        let folder = try AudioFixtures.temporaryDirectory("sentences")
        defer { try? FileManager.default.removeItem(at: folder) }
        let audio = try Self.dictation(in: folder)
        try await PulseTestServer.withSink { sink in
            var environment = ["PULSE_SOURCE": "\(sink).monitor"]
            if let server = ProcessInfo.processInfo.environment["PULSE_SERVER"] { environment["PULSE_SERVER"] = server }
            let tmux = try terminal.start(environment: environment)
            defer { tmux.shutDown() }
            try tmux.startRecording("Room 12")
            let player = try PulseTestServer.play(audio, into: sink)
            await waitForExit(player)
            #expect(player.terminationStatus == 0)
            try await terminal.waitForRecordedAudio(moreThan: 7)
            try tmux.send("Space")
            _ = try tmux.waitFor("PAUSED")
            try tmux.send("Enter")
            _ = try tmux.waitFor("draft", seconds: 60)

            let reports = try terminal.run(["reports", "--json"])
            let json = try #require(JSONSerialization.jsonObject(with: Data(reports.output.utf8)) as? [[String: Any]])
            let text = try #require(json.first?["text"] as? String)
            // Three sentences: a full stop and a capital after the first, a paragraph after the second.
            #expect(text.components(separatedBy: "\n\n").count == 2, "\(text)")
            #expect(text.components(separatedBy: ". ").count == 2, "\(text)")
            #expect(text.hasSuffix("."), "\(text)")
            #expect(!text.contains("period"), "\(text)")

            let screen = try tmux.openReport(listed: "draft")
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // The view shows the paragraph break as an empty line between the two paragraphs' lines.
            let firstParagraphEnd = try #require(lines.firstIndex { $0.contains("infection.") }, "\(screen)")
            let follow = try #require(lines.firstIndex { $0.contains("Follow up") }, "\(screen)")
            #expect(follow == firstParagraphEnd + 2, "\(screen)")
            #expect(lines.contains { $0.contains("today. The wound") }, "\(screen)")
            try tmux.send("q", "q")
            #expect(try tmux.waitForExit() == 0)
        }
    }
}
