import Foundation
import StationCore
import StationTestSupport
import Testing

@MainActor
@Suite("Capture calls")
struct CaptureOrderTests {
    @Test("reach the capture in transition order under rapid actions", arguments: 0..<5)
    func orderUnderRapidActions(round: Int) async {
        // Each fake call yields a random number of times first: unserialized calls would interleave.
        let fixture = StationFixture(jitter: 40)
        let session = fixture.makeSession()
        session.pressMainAction()  // start
        for _ in 0..<6 { session.pressMainAction() }  // pause, resume, pause, resume, pause, resume
        session.pressMainAction()  // pause
        session.pressSend()
        await session.settle()
        let verbs = fixture.log.calls.map { String($0.split(separator: " ")[0]) }
        #expect(
            verbs == ["start", "pause", "resume", "pause", "resume", "pause", "resume", "pause", "stop", "transcribe"])
        #expect(session.state == .notRecording)
    }

    @Test("the capture starts into the session's audio file, not appending")
    func startsIntoAudioFile() async {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        session.pressMainAction()
        let file = try! #require(session.audioFile)
        await session.settleCalls()
        #expect(fixture.log.calls == ["start \(file.lastPathComponent)"])
    }

    @Test("levels reach the session only while recording")
    func levels() async {
        let fixture = StationFixture()
        let session = fixture.makeSession()
        session.pressMainAction()
        let capture = try! #require(fixture.capture)
        capture.emit(AudioLevel(peak: 0.5, rms: 0.2))
        #expect(await eventually { session.level == AudioLevel(peak: 0.5, rms: 0.2) })
        session.pressMainAction()
        #expect(session.level == .silence)
    }

    @Test("a level is measured as peak and RMS of the samples")
    func levelMeasure() {
        let level = AudioLevel(measuring: [16384, -16384, 16384, -16384])
        #expect(level.peak == 0.5)
        #expect(abs(level.rms - 0.5) < 1e-9)
        #expect(AudioLevel(measuring: []) == .silence)
    }
}
