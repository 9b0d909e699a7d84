import Foundation
import StationCore
import StationTestSupport
import Testing

@MainActor
@Suite("Commands from outside the screen")
struct CommandTests {
    @Test(
        "parse the control protocol",
        arguments: [
            ("toggle", StationCommand.toggle), ("send\n", .send), ("  discard ", .discard), ("status", .status),
            ("select Room 12", .select("Room 12")),
        ])
    func parse(_ line: String, _ command: StationCommand) {
        #expect(StationCommand(line: line) == command)
    }

    @Test("reject what is not a command", arguments: ["", "toggle now", "select", "rm -rf", "SEND"])
    func reject(_ line: String) {
        #expect(StationCommand(line: line) == nil)
    }

    @Test("toggle, send and discard drive the same state machine as the keys")
    func sameStateMachine() async {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        #expect(fixture.station.perform(.toggle).succeeded)
        #expect(session.state == .recording)
        #expect(!fixture.station.perform(.send).succeeded, "send needs a paused recording")
        #expect(fixture.station.perform(.toggle).succeeded)
        #expect(session.state == .paused)
        #expect(fixture.station.perform(.send).succeeded)
        await session.settle()
        #expect(session.state == .notRecording)
        #expect(fixture.reports.all.count == 1)
        fixture.station.perform(.toggle)
        fixture.station.perform(.toggle)
        #expect(fixture.station.perform(.discard).succeeded)
        #expect(session.state == .notRecording)
        await session.settle()
        #expect(fixture.reports.all.count == 1)
        #expect(
            fixture.log.calls.map { String($0.split(separator: " ")[0]) } == [
                "start", "pause", "stop", "transcribe", "start", "pause", "stop",
            ])
    }

    @Test("select finds a session by name, ignoring case; status describes the selected one")
    func selectAndStatus() {
        let fixture = StationFixture()
        let first = fixture.makeSession(named: "Room 12")
        _ = fixture.makeSession(named: "Ward round")
        #expect(fixture.station.perform(.select("room 12")).succeeded)
        #expect(fixture.station.selectedID == first.id)
        #expect(!fixture.station.perform(.select("Room 99")).succeeded)
        #expect(fixture.station.perform(.status).message == "IDLE Room 12")
        fixture.station.perform(.toggle)
        #expect(fixture.station.perform(.status).message == "● REC 00:00 Room 12")
    }

    @Test("toggle with no session makes one, so a foot pedal works from the first press")
    func toggleMakesSession() {
        let fixture = StationFixture()
        #expect(fixture.station.perform(.toggle).succeeded)
        #expect(fixture.station.sessions.count == 1)
        #expect(fixture.station.selected?.state == .recording)
    }
}
