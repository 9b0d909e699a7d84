import Foundation
import StationCore
import StationTestSupport
import Testing

@MainActor
@Suite("The station's sessions")
struct StationTests {
    @Test("starting or resuming one session pauses the one that was capturing")
    func oneCapturing() async {
        let fixture = StationFixture()
        let room = fixture.makeSession(named: "Room 12")
        let ward = fixture.makeSession(named: "Ward round")
        room.pressMainAction()
        ward.pressMainAction()
        #expect(room.state == .paused)
        #expect(room.isPausedByUser, "an interruption's end must not resume it behind the other's back")
        #expect(ward.state == .recording)
        room.pressMainAction()
        #expect(ward.state == .paused)
        #expect(room.state == .recording)
        #expect(fixture.station.capturing === room)
        await fixture.station.settle()
        let starts = fixture.log.calls.filter { $0.hasPrefix("start") }
        #expect(starts.count == 2)
    }

    @Test(
        "refuses bad names with a reason",
        arguments: [
            ("", SessionNameError.empty), ("   ", .empty), (String(repeating: "a", count: 61), .tooLong(limit: 60)),
            ("Room\u{7}12", .controlCharacters), ("Room\n12", .controlCharacters),
            ("\u{1B}[31mRed", .controlCharacters), ("abc\u{202E}def", .controlCharacters),
            ("room 12", .duplicate("Room 12")),
        ])
    func badNames(_ name: String, _ error: SessionNameError) {
        let fixture = StationFixture()
        _ = fixture.makeSession(named: "Room 12")
        #expect(throws: error) { try fixture.station.createSession(named: name) }
        #expect(!error.description.isEmpty)
    }

    @Test("accepts names up to 60 characters, with accents and wide characters")
    func goodNames() throws {
        let fixture = StationFixture()
        try fixture.station.createSession(named: String(repeating: "é", count: 60))
        try fixture.station.createSession(named: "Kamer 3 – mevrouw Özdemir")
        try fixture.station.createSession(named: "病室 12")
        #expect(fixture.station.sessions.count == 3)
    }

    @Test("rename validates against the other sessions and keeps a recording going")
    func rename() throws {
        let fixture = StationFixture()
        let room = fixture.makeSession(named: "Room 12")
        _ = fixture.makeSession(named: "Ward round")
        room.pressMainAction()
        #expect(throws: SessionNameError.duplicate("Ward round")) {
            try fixture.station.rename(room.id, to: "ward ROUND")
        }
        try fixture.station.rename(room.id, to: "room 12")
        #expect(room.name == "room 12")
        #expect(room.state == .recording)
    }

    @Test("delete refuses a session holding an unsent dictation, and selects a neighbour")
    func delete() async {
        let fixture = StationFixture()
        let room = fixture.makeSession(named: "Room 12")
        let ward = fixture.makeSession(named: "Ward round")
        ward.pressMainAction()
        #expect(!fixture.station.deleteSession(ward.id).succeeded)
        #expect(fixture.station.sessions.count == 2)
        ward.pressMainAction()
        ward.pressDiscard()
        #expect(fixture.station.deleteSession(ward.id).succeeded)
        #expect(fixture.station.sessions.map(\.id) == [room.id])
        #expect(fixture.station.selectedID == room.id)
        await fixture.station.settle()
        #expect(fixture.sessionStore.saved.map(\.id) == [room.id])
    }

    @Test("select moves between sessions and wraps around")
    func selection() {
        let fixture = StationFixture()
        let a = fixture.makeSession(named: "A")
        let b = fixture.makeSession(named: "B")
        #expect(fixture.station.selectedID == b.id, "a new session is selected")
        fixture.station.selectNeighbour(1)
        #expect(fixture.station.selectedID == a.id)
        fixture.station.selectNeighbour(-1)
        #expect(fixture.station.selectedID == b.id)
    }

    @Test("every transition is persisted; a recording session comes back paused with its audio and time")
    func persistence() async throws {
        let fixture = StationFixture()
        let session = fixture.makeSession(named: "Room 12")
        session.pressMainAction()
        fixture.clock.advance(by: .seconds(42))
        await fixture.station.settle()
        // The station "crashes" while recording: what was saved last is the recording state.
        let saved = try #require(fixture.sessionStore.saved.first)
        #expect(saved.state == .recording)
        #expect(saved.audioFile == session.audioFile)
        var crashed = saved
        crashed.elapsed = .seconds(42)
        let restarted = StationFixture(restoring: [crashed])
        try await restarted.station.restoreSessions()
        let restored = try #require(restarted.station.sessions.first)
        #expect(restored.state == .paused)
        #expect(restored.name == "Room 12")
        #expect(restored.audioFile == session.audioFile)
        #expect(restored.elapsed == .seconds(42))
        #expect(restarted.station.hasUnsentDictation)
        // Resume appends to the same file, and send produces the report.
        restored.pressMainAction()
        restored.pressMainAction()
        restored.pressSend()
        await restored.settle()
        #expect(restarted.log.calls.first == "start \(session.audioFile!.lastPathComponent) appending")
        #expect(restarted.reports.all.count == 1)
        await restarted.station.settle()
        #expect(restarted.sessionStore.saved.first?.state == .notRecording)
    }

    @Test("an idle session comes back idle")
    func restoreIdle() async throws {
        let record = SessionRecord(
            id: .make(), name: "Idle", locale: "nl-NL", state: .notRecording, elapsed: .zero, audioFile: nil,
            created: Date(timeIntervalSince1970: 0), updated: Date(timeIntervalSince1970: 0))
        let fixture = StationFixture(restoring: [record])
        try await fixture.station.restoreSessions()
        #expect(fixture.station.sessions.first?.state == .notRecording)
        #expect(fixture.station.sessions.first?.locale == "nl-NL")
        #expect(fixture.station.selectedID == record.id)
    }
}
