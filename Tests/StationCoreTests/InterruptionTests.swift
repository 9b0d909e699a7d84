import Foundation
import StationCore
import StationTestSupport
import Testing

struct InterruptionCase: Sendable, CustomTestStringConvertible {
    var userPaused: Bool
    var mayResume: Bool
    var expected: RecordingState
    var testDescription: String {
        "\(userPaused ? "user-paused" : "recording") + ended(mayResume: \(mayResume)) → \(expected.rawValue)"
    }
}

@MainActor
@Suite("Interruptions")
struct InterruptionTests {
    @Test("interruption-began pauses exactly as the main action would")
    func beganPauses() async {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        session.pressMainAction()
        await session.settleCalls()
        fixture.capture?.emit(.interruptionBegan)
        #expect(await eventually { session.state == .paused })
        #expect(!session.isPausedByUser)
        await session.settleCalls()
        #expect(fixture.log.calls.map { String($0.split(separator: " ")[0]) } == ["start", "pause"])
    }

    nonisolated static let cases: [InterruptionCase] = [
        InterruptionCase(userPaused: false, mayResume: true, expected: .recording),
        InterruptionCase(userPaused: false, mayResume: false, expected: .paused),
        InterruptionCase(userPaused: true, mayResume: true, expected: .paused),
        InterruptionCase(userPaused: true, mayResume: false, expected: .paused),
    ]

    @Test("interruption-ended resumes only when allowed and not paused by the user", arguments: cases)
    func ended(_ testCase: InterruptionCase) async {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        session.pressMainAction()
        let capture = try! #require(fixture.capture)
        if testCase.userPaused {
            session.pressMainAction()
            capture.emit(.interruptionBegan)  // arrives while already paused: changes nothing
        } else {
            capture.emit(.interruptionBegan)
            #expect(await eventually { session.state == .paused })
        }
        capture.emit(.interruptionEnded(mayResume: testCase.mayResume))
        // Let both events be handled before judging.
        capture.emit(.sourceChanged("marker"))
        #expect(await eventually { fixture.station.notifier.notifications.contains { $0.message == "marker" } })
        #expect(session.state == testCase.expected)
        await session.settleCalls()
        let expectedCalls = testCase.expected == .recording ? ["start", "pause", "resume"] : ["start", "pause"]
        #expect(fixture.log.calls.map { String($0.split(separator: " ")[0]) } == expectedCalls)
    }

    @Test("a lost server pauses, keeps the audio and says so")
    func serverGone() async {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        session.pressMainAction()
        let file = session.audioFile
        fixture.capture?.emit(.serverGone)
        #expect(await eventually { session.state == .paused })
        #expect(session.audioFile == file)
        #expect(fixture.station.notifier.notifications.first?.kind == .warning)
        // Resuming opens a new capture that appends to the same file.
        session.pressMainAction()
        await session.settleCalls()
        #expect(fixture.captures.current.count == 2)
        #expect(fixture.log.calls.last == "start \(file!.lastPathComponent) appending")
        #expect(session.state == .recording)
    }

    @Test("a lost microphone pauses and keeps the audio, and says the microphone, not the server")
    func sourceLost() async {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        session.pressMainAction()
        let file = session.audioFile
        fixture.capture?.emit(.sourceLost)
        #expect(await eventually { session.state == .paused })
        #expect(session.audioFile == file)
        #expect(fixture.station.notifier.notifications.first?.message.contains("microphone") == true)
        session.pressMainAction()
        await session.settleCalls()
        #expect(fixture.log.calls.last == "start \(file!.lastPathComponent) appending")
    }

    @Test("events of an earlier capture are ignored")
    func staleEvents() async {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        session.pressMainAction()
        let first = try! #require(fixture.capture)
        session.pressMainAction()
        session.pressDiscard()
        session.pressMainAction()
        first.emit(.interruptionBegan)
        fixture.capture?.emit(.sourceChanged("marker"))
        #expect(await eventually { !fixture.station.notifier.notifications.isEmpty })
        #expect(session.state == .recording)
    }
}
