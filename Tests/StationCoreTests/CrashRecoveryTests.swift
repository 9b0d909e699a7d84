import Foundation
import StationCore
import StationTestSupport
import Testing

/// What a restart finds after a crash at any moment: no dictation sent twice, none lost, its time kept.
@MainActor
@Suite("Restarting after a crash")
struct CrashRecoveryTests {
    private func record(_ state: RecordingState, audio: URL?, elapsed: Duration = .zero) -> SessionRecord {
        SessionRecord(
            id: SessionID("room"), name: "Room 12", locale: "en-US", state: state, elapsed: elapsed, audioFile: audio,
            created: Date(timeIntervalSince1970: 1_000), updated: Date(timeIntervalSince1970: 1_000))
    }

    @Test("a sent dictation's report and its session's end are saved as one write")
    func oneWrite() async throws {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        session.pressMainAction()
        session.pressMainAction()
        await fixture.station.settle()
        // Every save of the session on its own fails from here, as if the station died right after
        // storing the report: the report's transaction alone must have ended the session.
        fixture.sessionStore.failSaves(with: CocoaError(.fileWriteOutOfSpace))
        fixture.transcriber.answer("stable")
        session.pressSend()
        await fixture.station.settle()
        let saved = try #require(fixture.sessionStore.saved.first)
        #expect(fixture.reports.all.count == 1)
        #expect(saved.state == .notRecording)
        #expect(saved.audioFile == nil)
    }

    @Test(
        "a session saved as processing beside the report that owns its audio comes back idle; nothing is sent or deleted again"
    )
    func storedBeforeSessionSaved() async throws {
        let audio = URL(fileURLWithPath: "/audio/room-1.wav")
        let fixture = StationFixture(restoring: [record(.processing, audio: audio, elapsed: .seconds(12))])
        _ = try await fixture.reports.add(
            NewReport(
                sessionName: "Room 12", locale: "en-US", created: Date(), audioDuration: .seconds(12), audioFile: audio,
                text: "already stored"))
        try await fixture.station.restoreSessions()
        await fixture.station.settle()
        let session = try #require(fixture.station.sessions.first)
        #expect(session.state == .notRecording)
        #expect(session.audioFile == nil)
        #expect(!fixture.station.send().succeeded)
        #expect(!fixture.station.discard().succeeded)
        await fixture.station.settle()
        #expect(fixture.reports.all.count == 1, "no duplicate report")
        #expect(fixture.removedAudio.current.isEmpty, "the report's audio is never deleted")
        #expect(fixture.sessionStore.saved.first?.state == .notRecording)
    }

    @Test("a dictation killed while recording comes back with the time its audio holds")
    func timeFromAudio() async throws {
        let audio = URL(fileURLWithPath: "/audio/room-2.wav")
        let fixture = StationFixture(
            restoring: [record(.recording, audio: audio, elapsed: .zero)],
            recoverAudio: { $0 == audio ? .seconds(12) : nil })
        try await fixture.station.restoreSessions()
        let session = try #require(fixture.station.sessions.first)
        #expect(session.state == .paused)
        #expect(session.elapsed == .seconds(12))
        #expect(StatusLine.text(for: session).contains("00:12"))
    }

    @Test("while recording, the saved time follows the recording every second")
    func savedTimeFollows() async throws {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        session.pressMainAction()
        await fixture.station.settle()
        for _ in 0..<3 {
            #expect(await eventually { fixture.clock.sleeperCount > 0 })
            fixture.clock.advance(by: .seconds(1))
            #expect(await eventually { session.elapsed >= .seconds(1) })
        }
        #expect(await eventually { fixture.clock.sleeperCount > 0 })
        await fixture.station.settle()
        let saved = try #require(fixture.sessionStore.saved.first)
        #expect(saved.state == .recording)
        #expect(saved.elapsed >= .seconds(2), "saved \(saved.elapsed) after 3 s of recording")
    }
}
