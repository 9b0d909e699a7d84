import Foundation
import StationCore
import StationTestSupport
import Testing

/// F6 during a dictation: the running capture moves to the chosen source instead of waiting for the
/// next dictation (a dictation begun on the wrong microphone is rescued, not discarded).
@MainActor
@Suite("A source chosen during a dictation moves its capture")
struct CaptureSourceTests {
    @Test("recording: the capture moves at once and goes on recording")
    func recording() async throws {
        let fixture = StationFixture()
        let session = fixture.makeSession(named: "Room A")
        fixture.station.perform(.toggle)
        let outcome = await fixture.station.captureSourceChosen("headset")
        #expect(outcome.succeeded)
        #expect(outcome.message == "\"Room A\" records from headset now; what it recorded is kept.")
        #expect(session.state == .recording)
        #expect(fixture.captures.current.count == 1, "the same capture, not a new one")
        #expect(fixture.log.calls.contains("move headset"))
    }

    @Test("paused: the capture moves, and the resume takes the new source")
    func paused() async throws {
        let fixture = StationFixture()
        let session = fixture.makeSession(named: "Room A")
        fixture.station.perform(.toggle)
        fixture.station.perform(.toggle)
        let outcome = await fixture.station.captureSourceChosen("headset")
        #expect(outcome.message == "\"Room A\" resumes from headset.")
        fixture.station.perform(.toggle)
        await session.settleCalls()
        #expect(
            Array(fixture.log.calls.map { String($0.split(separator: " ")[0]) }.prefix(4)) == [
                "start", "pause", "move", "resume",
            ])
    }

    @Test("a move the server refuses leaves the recording running on its source and says so")
    func refused() async throws {
        let fixture = StationFixture()
        let session = fixture.makeSession(named: "Room A")
        fixture.station.perform(.toggle)
        await session.settleCalls()
        fixture.capture?.fail(.move, with: CaptureError.noSuchSource(name: "headset", available: ["mic"]))
        let outcome = await fixture.station.captureSourceChosen("headset")
        #expect(!outcome.succeeded)
        #expect(outcome.message.hasPrefix("\"Room A\" could not move to headset"))
        #expect(outcome.message.hasSuffix("it goes on from the source it had."))
        #expect(session.state == .recording, "a failed move is not a failed recording")
        #expect(session.lastError == nil)
    }

    @Test("with nothing under way the choice is for the next dictation")
    func idle() async {
        let fixture = StationFixture()
        _ = fixture.makeSession(named: "Room A")
        #expect(await fixture.station.captureSourceChosen("headset").message == "Recording from headset.")
        #expect(!fixture.log.calls.contains { $0.hasPrefix("move") })
    }
}
