import Foundation
import StationCore
import StationTestSupport
import Testing

@MainActor
@Suite("A new session")
struct InitialStateTests {
    @Test("is idle, at zero, with nothing captured, reported or stored")
    func initialState() async {
        let fixture = StationFixture()
        let session = fixture.makeSession(named: "  Room 12  ")
        #expect(session.name == "Room 12")
        #expect(session.locale == "en-US")
        #expect(session.state == .notRecording)
        #expect(session.elapsed == .zero)
        #expect(session.audioFile == nil)
        #expect(session.lastError == nil)
        #expect(session.partialTranscript.isEmpty)
        #expect(!session.canSend)
        #expect(!session.canDiscard)
        #expect(!session.hasUnsentAudio)
        await fixture.station.settle()
        #expect(fixture.log.calls.isEmpty)
        #expect(fixture.reporter.snapshots.isEmpty)
        #expect(fixture.reports.all.isEmpty)
    }
}
