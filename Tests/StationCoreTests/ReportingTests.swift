import Foundation
import StationCore
import StationTestSupport
import Testing

@MainActor
@Suite("Reporting")
struct ReportingTests {
    @Test("every transition is reported, in order, with the elapsed time at the transition")
    func transitions() async {
        let fixture = StationFixture()
        let session = fixture.makeSession(named: "Ward round")
        session.pressMainAction()
        fixture.clock.advance(by: .seconds(2))
        session.pressMainAction()
        session.pressMainAction()
        fixture.clock.advance(by: .seconds(1))
        session.pressMainAction()
        session.pressSend()
        await session.settle()
        #expect(fixture.reporter.states == [.recording, .paused, .recording, .paused, .processing, .notRecording])
        #expect(fixture.reporter.snapshots[1].elapsed == .seconds(2))
        #expect(fixture.reporter.snapshots[3].elapsed == .seconds(3))
        #expect(fixture.reporter.snapshots.allSatisfy { $0.name == "Ward round" && $0.sessionID == session.id })
    }

    @Test("the status line reads as in a tmux status bar")
    func statusLine() {
        #expect(StatusLine.text(state: .recording, elapsed: .seconds(135), name: "Room 12") == "● REC 02:15 Room 12")
        #expect(StatusLine.text(state: .paused, elapsed: .seconds(5), name: "Room 12") == "❚❚ PAUSED 00:05 Room 12")
        #expect(StatusLine.text(state: .processing, elapsed: .zero, name: "A") == "… SENDING A")
        #expect(StatusLine.text(state: .notRecording, elapsed: .zero, name: "A") == "IDLE A")
    }
}
