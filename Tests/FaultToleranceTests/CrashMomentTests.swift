import Foundation
import PulseCapture
import Recordings
import StationTestSupport
import StationTestTraits
import Testing

/// The station killed (kill -9) at a named moment of a dictation, then started again: no dictation is
/// sent twice, none is lost, its time is kept.
@Suite("Survives: a kill at any moment of a dictation", .serialized, .audioServer)
struct CrashMomentTests {
    @Test(
        "killed while recording, the dictation comes back paused with the time its audio holds; the saved time kept up")
    func killedWhileRecording() async throws {
        try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        try await PulseTestServer.withSineSource { source in
            let stations = try StationsInTmux("timer", microphone: source)
            var tmux = try stations.start(as: "anna")
            defer { tmux.shutDown() }
            try stations.startRecording("Room 7", in: tmux)
            _ = try tmux.waitFor("00:05")
            let saved = try stations.savedSessions("elapsed_us").compactMap { Int($0) }
            #expect(saved.contains { $0 >= 3_000_000 }, "the saved time follows the recording: \(saved) µs")
            try stations.kill(tmux)
            tmux.shutDown()

            let files = try FileManager.default.contentsOfDirectory(at: stations.audio, includingPropertiesForKeys: nil)
            let file = try #require(files.first { $0.pathExtension == "wav" })
            let kept = try #require(WAVInfo.recordedDuration(of: file))
            #expect(kept >= .seconds(4))
            tmux = try stations.start(as: "anna")
            let screen = try tmux.waitFor("PAUSED")
            let shown = "00:0\(kept.components.seconds)"
            #expect(screen.contains("‖ Room 7"))
            #expect(screen.contains(shown), "the time of the audio kept (\(shown)) is shown:\n\(screen)")
            #expect(!screen.contains("00:00"))
        }
    }

    @Test("killed right after the report is stored, the session comes back idle: nothing to send again, the audio kept")
    func killedAfterReportStored() async throws {
        try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        let sample = try SeveralStationsTests.sentence()
        try await PulseTestServer.withSink { sink in
            let stations = try StationsInTmux("stored", microphone: "\(sink).monitor")
            var tmux = try stations.start(as: "anna", hold: "report-stored")
            defer { tmux.shutDown() }
            try stations.startRecording("Room 9", in: tmux)
            let player = try PulseTestServer.play(sample.file, into: sink)
            await waitForExit(player)
            try await stations.terminal.waitForRecordedAudio(moreThan: 0.8)
            try tmux.send("Space")
            _ = try tmux.waitFor("PAUSED")
            try tmux.send("Enter")
            try HoldSignal.wait(for: stations.holdSignal, seconds: 60)
            try stations.kill(tmux)
            tmux.shutDown()
            #expect(try stations.reports().count == 1)
            #expect(try stations.savedSessions("state") == ["notRecording"], "the report's write ended the session")

            tmux = try stations.start(as: "anna")
            let screen = try tmux.waitFor("○ Room 9")
            #expect(!screen.contains("PAUSED"))
            #expect(!screen.contains("PROCESSING"))
            try tmux.send("Enter")
            try tmux.send("d")
            try tmux.waitForKeysHandled()
            #expect(!(try tmux.screen()).contains("Discard dictation?"))
            let reports = try stations.reports()
            #expect(reports.count == 1, "no duplicate report")
            let audio = try #require(reports.first?["audioFile"] as? String)
            #expect(FileManager.default.fileExists(atPath: audio), "the report's audio is kept")
        }
    }
}
