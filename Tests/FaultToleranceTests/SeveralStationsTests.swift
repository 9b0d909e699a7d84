import Foundation
import StationTestSupport
import StationTestTraits
import Testing

/// Several station processes on one data directory (several people, or SSH logins, at one workstation):
/// each dictation has exactly one owner, and the others see it held there.
@Suite("Survives: several stations on one data directory", .serialized, .audioServer)
struct SeveralStationsTests {
    /// LibriVox recording 0870: a sentence of 24 words, 7 s.
    static func sentence() throws -> LibriVoxSamples.Sample {
        try #require(try LibriVoxSamples.all().first { $0.file.lastPathComponent.hasSuffix("0870.wav") })
    }

    @Test(
        "a second station shows the first one's dictation as held by its user, refuses to touch it, and sees its report"
    )
    func oneOwner() async throws {
        try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        let sample = try Self.sentence()
        try await PulseTestServer.withSink { sink in
            let stations = try StationsInTmux("owner", microphone: "\(sink).monitor")
            let anna = try stations.start(as: "anna")
            defer { anna.shutDown() }
            try stations.startRecording("Room 12", in: anna)
            let player = try PulseTestServer.play(sample.file, into: sink)

            let ben = try stations.start(as: "ben")
            defer { ben.shutDown() }
            let held = try ben.waitFor("HELD ELSEWHERE")
            // The holder is named by its account, never by the $USER its shell set ("anna").
            #expect(held.contains("Being dictated by \(StationsInTmux.account) on"), "who holds it is named:\n\(held)")
            #expect(!held.contains("by anna"), "\(held)")
            #expect(!held.contains("Enter sends"), "no send or discard offered for another's dictation")
            for key in ["Enter", "d", "Space"] {
                try ben.send(key)
                let refused = try ben.waitFor("\"Room 12\" is being dictated by \(StationsInTmux.account)")
                // The refusal of the first key is on the screen already: look once this key is handled.
                try ben.waitForKeysHandled()
                #expect(!refused.contains("Discard dictation?"), "after \(key)")
                #expect(!(try ben.screen()).contains("Discard dictation?"), "after \(key)")
            }
            #expect(!(try ben.screen()).contains("Space pauses"), "the second station did not start recording")
            _ = try anna.waitFor("RECORDING")
            await waitForExit(player)
            try await stations.terminal.waitForRecordedAudio(moreThan: 0.8)

            try anna.send("Space")
            _ = try anna.waitFor("PAUSED")
            _ = try ben.waitFor("PAUSED")
            try anna.send("Enter")
            _ = try anna.waitFor("the report", seconds: 60) { $0.contains("draft") }
            // The second station sees the report, and the session free again.
            let freed = try ben.waitFor("the session free") { $0.contains("draft") && $0.contains("○ Room 12") }
            #expect(!freed.contains("HELD ELSEWHERE"))
            let reports = try stations.reports()
            #expect(reports.count == 1, "one dictation, one report")
            let audio = try #require(reports.first?["audioFile"] as? String)
            #expect(FileManager.default.fileExists(atPath: audio))
        }
    }

    @Test("the dictation of a station killed mid-dictation is taken over by exactly one other, and sent from there")
    func takeOverAfterKill() async throws {
        try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        let sample = try Self.sentence()
        try await PulseTestServer.withSink { sink in
            let stations = try StationsInTmux("takeover", microphone: "\(sink).monitor")
            let anna = try stations.start(as: "anna")
            defer { anna.shutDown() }
            try stations.startRecording("Ward round", in: anna)
            let player = try PulseTestServer.play(sample.file, into: sink)
            await waitForExit(player)
            try await stations.terminal.waitForRecordedAudio(moreThan: 0.8)
            try anna.send("Space")
            _ = try anna.waitFor("PAUSED")

            let ben = try stations.start(as: "ben")
            defer { ben.shutDown() }
            _ = try ben.waitFor("HELD ELSEWHERE")
            try stations.kill(anna)

            let taken = try ben.waitFor("the dictation taken over") {
                $0.contains("Took over the dictation") && $0.contains("Enter sends")
            }
            #expect(!taken.contains("HELD ELSEWHERE"))
            let cleo = try stations.start(as: "cleo")
            defer { cleo.shutDown() }
            let third = try cleo.waitFor("Being dictated by \(StationsInTmux.account) on")
            #expect(!third.contains("Took over"), "recovered once, by one station")
            // Every station names the same account: the claim file tells ben's process from anna's.
            #expect(try stations.claimHolders().contains(try ben.programPID()), "held by ben's station")

            try ben.send("Enter")
            _ = try ben.waitFor("the report", seconds: 60) { $0.contains("draft") }
            _ = try cleo.waitFor("the session free") { $0.contains("draft") && $0.contains("○ Ward round") }
            let reports = try stations.reports()
            #expect(reports.count == 1)
            let text = try #require(reports.first?["text"] as? String)
            let wer = WordErrorRate.rate(hypothesis: text, reference: sample.reference)
            #expect(wer <= 0.35, "the whole dictation up to the kill was sent: WER \(wer): \(text)")
        }
    }

    @Test("sessions made, renamed and deleted in one station appear in another")
    func listFollows() async throws {
        try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        let stations = try StationsInTmux("list", microphone: "none")
        let anna = try stations.start(as: "anna")
        defer { anna.shutDown() }
        let ben = try stations.start(as: "ben")
        defer { ben.shutDown() }
        for name in ["Room 3", "Room 4"] {
            try anna.send("n")
            _ = try anna.waitFor("New session")
            try anna.type(name)
            try anna.send("Enter")
            _ = try anna.waitFor("○ \(name)")
        }
        _ = try ben.waitFor("both sessions") { $0.contains("○ Room 3") && $0.contains("○ Room 4") }
        try anna.send("r")
        _ = try anna.waitFor("Rename")
        try anna.type(" – Mr Peters")
        try anna.send("Enter")
        _ = try ben.waitFor("○ Room 4 – Mr Peters")
        try anna.send("F8")
        _ = try anna.waitFor("Delete session?")
        try anna.send("y")
        _ = try ben.waitFor("the deleted session gone") { !$0.contains("Room 4") && $0.contains("○ Room 3") }
    }
}
