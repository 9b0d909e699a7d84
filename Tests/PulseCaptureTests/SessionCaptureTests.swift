import Foundation
import PulseCapture
import Recordings
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
            var notices: [String] = []
            func session(_ session: DictationSession, didNotice message: String) { notices.append(message) }
            func sessionDidChange(_ session: DictationSession) {}
            func sessionDidTick(_ session: DictationSession) {}
        }

        @Test("start, pause, resume, send: the file holds the recorded stretches")
        func recordsThroughTheSession() async throws {
            try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
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

        @Test("a lost audio server pauses the session, keeps the audio and says so")
        func serverGonePausesTheSession() async throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let server = try PrivatePulseServer()
            let address = server.address
            let dependencies = SessionDependencies(
                makeCapture: { PulseCapture(source: PrivatePulseServer.sourceName, server: address) },
                transcriber: FakeTranscriber(),
                makeAudioFile: { directory.appendingPathComponent("\($0.rawValue).wav") })
            let session = DictationSession(name: "Ward", locale: "en-US", created: Date(), dependencies: dependencies)
            let delegate = Delegate()
            session.delegate = delegate
            session.pressMainAction()
            await session.settle()
            let file = try #require(session.audioFile)
            // A fresh sine source delivers its first block up to 2 s late; wait until audio is in the file.
            func present() -> Int {
                ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size]) as? Int ?? 0) - 44
            }
            #expect(await eventually { present() >= 16_000 })
            let before = present()
            try server.kill()
            #expect(await eventually { session.state == .paused })
            #expect(delegate.notices.contains { $0.contains("audio server went away") }, "\(delegate.notices)")
            await session.settle()
            #expect(session.audioFile == file)
            let info = try WAVInfo(file)
            let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int
            #expect(info.dataBytes + info.dataOffset == size && info.dataBytes >= before, "\(info.seconds) s kept")
        }

        @Test("a phone call pauses the session and its end resumes it")
        func phoneCallPausesAndResumes() async throws {
            try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let source = "ds_call_sine_\(UInt32.random(in: 0...UInt32.max))"
            let module = try PulseTestServer.load("module-sine-source", "source_name=\(source)", "rate=16000")
            defer { PulseTestServer.unload(module) }
            let sink = "ds_call_sink_\(UInt32.random(in: 0...UInt32.max))"
            let sinkModule = try PulseTestServer.load("module-null-sink", "sink_name=\(sink)")
            defer { PulseTestServer.unload(sinkModule) }
            let dependencies = SessionDependencies(
                makeCapture: { PulseCapture(source: source) }, transcriber: FakeTranscriber(),
                makeAudioFile: { directory.appendingPathComponent("\($0.rawValue).wav") })
            let session = DictationSession(name: "Ward", locale: "en-US", created: Date(), dependencies: dependencies)
            session.pressMainAction()
            await session.settle()
            let call = try PulseTestServer.play(
                PulseTestServer.speech("0880"), into: sink, properties: ["media.role=phone"])
            #expect(await eventually { session.state == .paused })
            #expect(!session.isPausedByUser)
            await waitForExit(call)
            #expect(await eventually { session.state == .recording })
            session.pressMainAction()
            session.pressDiscard()
            await session.settle()
        }
    }
}
