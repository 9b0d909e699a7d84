import StationCore
import StationTestSupport

/// Brings a fixture's session into each of the four states through the public actions only.
@MainActor
enum SessionStates {
    static func session(in state: RecordingState, _ fixture: StationFixture) async -> DictationSession {
        let session = fixture.makeSession()
        switch state {
        case .notRecording:
            break
        case .recording:
            session.pressMainAction()
        case .paused:
            session.pressMainAction()
            session.pressMainAction()
        case .processing:
            fixture.transcriber.hold()
            session.pressMainAction()
            session.pressMainAction()
            session.pressSend()
            _ = await eventually { fixture.transcriber.heldCount == 1 }
        }
        if state == .processing {
            await session.settleCalls()
        } else {
            await fixture.station.settle()
        }
        fixture.log.reset()
        return session
    }
}
