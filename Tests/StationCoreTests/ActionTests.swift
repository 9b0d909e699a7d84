import Foundation
import StationCore
import StationTestSupport
import Testing

/// What one action does from one state: the state after it and the capture calls it makes.
struct ActionCase: Sendable, CustomTestStringConvertible {
    enum Action: String, Sendable { case main, send, discard }

    var from: RecordingState
    var action: Action
    var to: RecordingState
    var calls: [String]

    var testDescription: String { "\(action.rawValue) from \(from.rawValue) → \(to.rawValue)" }
}

@MainActor
@Suite("Every action from every state")
struct ActionTests {
    nonisolated static let cases: [ActionCase] = [
        ActionCase(from: .notRecording, action: .main, to: .recording, calls: ["start"]),
        ActionCase(from: .notRecording, action: .send, to: .notRecording, calls: []),
        ActionCase(from: .notRecording, action: .discard, to: .notRecording, calls: []),
        ActionCase(from: .recording, action: .main, to: .paused, calls: ["pause"]),
        ActionCase(from: .recording, action: .send, to: .recording, calls: []),
        ActionCase(from: .recording, action: .discard, to: .recording, calls: []),
        ActionCase(from: .paused, action: .main, to: .recording, calls: ["resume"]),
        ActionCase(from: .paused, action: .send, to: .notRecording, calls: ["stop", "transcribe"]),
        ActionCase(from: .paused, action: .discard, to: .notRecording, calls: ["stop"]),
        ActionCase(from: .processing, action: .main, to: .processing, calls: []),
        ActionCase(from: .processing, action: .send, to: .processing, calls: []),
        ActionCase(from: .processing, action: .discard, to: .notRecording, calls: []),
    ]

    @Test("reaches the expected state and calls the capture as expected", arguments: cases)
    func action(_ testCase: ActionCase) async {
        let fixture = StationFixture()
        let session = await SessionStates.session(in: testCase.from, fixture)
        #expect(session.state == testCase.from)
        switch testCase.action {
        case .main: session.pressMainAction()
        case .send: session.pressSend()
        case .discard: session.pressDiscard()
        }
        if testCase.from != .processing {
            await session.settle()
        } else {
            await session.settleCalls()
        }
        #expect(session.state == testCase.to)
        let verbs = fixture.log.calls.map { String($0.split(separator: " ")[0]) }
        #expect(verbs == testCase.calls)
        fixture.transcriber.release()
        await session.settle()
        if testCase.from == .processing {
            // The held transcription completes unless the action cancelled it.
            #expect(session.state == .notRecording)
            #expect(fixture.reports.all.count == (testCase.action == .discard ? 0 : 1))
        } else {
            #expect(session.state == testCase.to)
        }
    }

    @Test("the availability of send and discard follows the state", arguments: RecordingState.allCases)
    func availability(_ state: RecordingState) async {
        let fixture = StationFixture()
        let session = await SessionStates.session(in: state, fixture)
        #expect(session.canSend == (state == .paused))
        #expect(session.canDiscard == (state == .paused || state == .processing))
        #expect(session.hasUnsentAudio == (state != .notRecording))
        fixture.transcriber.release()
    }

    @Test("a new recording starts a fresh audio file; resume keeps the same one")
    func audioFiles() async {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        session.pressMainAction()
        let first = session.audioFile
        #expect(first != nil)
        session.pressMainAction()
        session.pressMainAction()
        #expect(session.audioFile == first)
        session.pressMainAction()
        session.pressDiscard()
        await session.settle()
        #expect(session.audioFile == nil)
        #expect(fixture.removedAudio.current == [first!])
    }
}
