import Foundation
import PulseCapture
import StationCore
import StationTestSupport
import Testing

extension AudioServerSuites {
    /// The core's DictationSession with the real capture: what the person does ends up in the file.
    @Suite("DictationSession records through PulseCapture", .serialized)
    @MainActor
    struct SessionCaptureTests {
        final class Delegate: DictationSessionDelegate {
            var finished: [FinishedDictation] = []
            var failures: [RecordingError] = []
            func sessionWillCapture(_ session: DictationSession) {}
            func session(_ session: DictationSession, didFinish dictation: FinishedDictation) async throws {
                finished.append(dictation)
            }
            func session(_ session: DictationSession, didFail error: RecordingError) { failures.append(error) }
            func session(_ session: DictationSession, didNotice message: String) {}
            func sessionDidChange(_ session: DictationSession) {}
        }

        @Test("start, pause, resume, send: the file holds the recorded stretches")
        func recordsThroughTheSession() async throws {
            try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
            let directory = try temporaryDirectory()
            let source = "ds_session_sine_\(UInt32.random(in: 0...UInt32.max))"
            let module = try PulseTestServer.load("module-sine-source", "source_name=\(source)", "rate=16000")
            defer { PulseTestServer.unload(module) }
            do {
                let dependencies = SessionDependencies(
                    makeCapture: { PulseCapture(source: source) }, transcriber: FakeTranscriber(),
                    makeAudioFile: { directory.appendingPathComponent("\($0.rawValue).wav") })
                let session = DictationSession(
                    name: "Room 12", locale: "en-US", created: Date(), dependencies: dependencies)
                let delegate = Delegate()
                session.delegate = delegate
                session.pressMainAction()
                await session.settle()
                try await Task.sleep(for: .seconds(1))
                session.pressMainAction()
                await session.settle()
                #expect(session.state == .paused)
                try await Task.sleep(for: .milliseconds(500))
                session.pressMainAction()
                await session.settle()
                try await Task.sleep(for: .seconds(1))
                session.pressMainAction()
                session.pressSend()
                await session.settle()
                #expect(await eventually { delegate.finished.count == 1 })
                #expect(delegate.failures.isEmpty)
                let dictation = try #require(delegate.finished.first)
                let info = try WAVInfo(dictation.audioFile)
                #expect(info.seconds > 1.8 && info.seconds < 2.3, "two stretches of about a second: \(info.seconds) s")
                let samples = try AudioMatching.samples(of: dictation.audioFile)
                #expect(samples.count == info.dataBytes / 2)
                #expect(samples.contains { abs(Int($0)) > 10_000 }, "the sine is in the file")
            }
        }
    }
}
