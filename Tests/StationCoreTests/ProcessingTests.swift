import Foundation
import StationCore
import StationTestSupport
import Testing

@MainActor
@Suite("Processing")
struct ProcessingTests {
    @Test("send stops the capture, transcribes the file, stores the report and returns to idle")
    func send() async {
        let fixture = StationFixture()
        let session = fixture.makeSession(named: "Room 12 – Mrs Jansen")
        session.pressMainAction()
        fixture.clock.advance(by: .seconds(4))
        session.pressMainAction()
        let file = try! #require(session.audioFile)
        fixture.transcriber.answer("patient stable")
        session.pressSend()
        #expect(session.state == .processing)
        await session.settle()
        #expect(session.state == .notRecording)
        #expect(fixture.log.calls.suffix(2) == ["stop", "transcribe \(file.lastPathComponent) en-US"])
        let report = try! #require(fixture.reports.all.first)
        #expect(report.text == "patient stable")
        #expect(report.originalText == "patient stable")
        #expect(report.sessionName == "Room 12 – Mrs Jansen")
        #expect(report.audioFile == file)
        #expect(report.locale == "en-US")
        #expect(report.created == fixture.clock.wallTime)
        #expect(fixture.removedAudio.current.isEmpty, "the audio stays with the report")
        #expect(fixture.station.notifier.notifications.first?.kind == .info)
    }

    @Test("while processing, send does nothing and discard cancels without publishing")
    func discardWhileProcessing() async {
        let fixture = StationFixture()
        let session = await SessionStates.session(in: .processing, fixture)
        let file = try! #require(session.audioFile)
        session.pressSend()
        #expect(session.state == .processing)
        session.pressDiscard()
        #expect(session.state == .notRecording)
        fixture.transcriber.release()
        await session.settle()
        #expect(fixture.reports.all.isEmpty, "nothing is published")
        #expect(fixture.removedAudio.current == [file])
        #expect(session.state == .notRecording)
        #expect(session.lastError == nil)
    }

    @Test("a new recording may start right after a cancelled one, and the old result never lands")
    func restartAfterCancel() async {
        let fixture = StationFixture()
        let session = await SessionStates.session(in: .processing, fixture)
        session.pressDiscard()
        session.pressMainAction()
        fixture.transcriber.release()
        await session.settleCalls()
        _ = await eventually { fixture.transcriber.heldCount == 0 }
        #expect(session.state == .recording)
        #expect(fixture.reports.all.isEmpty)
    }

    @Test("a live decoder is fed the frames while recording and finishes the dictation on send")
    func live() async {
        let fixture = StationFixture()
        let decoder = FakeLiveTranscription(log: fixture.log)
        fixture.transcriber.enableLive { decoder }
        let session = fixture.makeSession()
        session.pressMainAction()
        let capture = try! #require(fixture.capture)
        capture.emit(AudioChunk(samples: Array(repeating: 1, count: 1600), position: 0))
        capture.emit(AudioChunk(samples: Array(repeating: 1, count: 800), position: 1600))
        #expect(await eventually { decoder.samplesFed == 2400 })
        decoder.publish("the patient")
        #expect(await eventually { session.partialTranscript == "the patient" })
        session.pressMainAction()
        session.pressSend()
        await session.settle()
        #expect(fixture.reports.all.first?.text == "live 2400 samples")
        #expect(!fixture.log.calls.contains { $0.hasPrefix("transcribe") }, "the live decode is used, not a new one")
        #expect(session.partialTranscript.isEmpty)
    }

    @Test("a partial text the ended dictation's decoder still holds is not shown as the next dictation's")
    func latePartialOfAnEndedDictation() async throws {
        let fixture = StationFixture()
        let decoders = Locked<[FakeLiveTranscription]>([])
        fixture.transcriber.enableLive {
            let decoder = FakeLiveTranscription()
            decoders.withLock { $0.append(decoder) }
            return decoder
        }
        let session = fixture.makeSession()
        session.pressMainAction()
        let capture = try #require(fixture.capture)
        capture.emit(AudioChunk(samples: Array(repeating: 1, count: 1600), position: 0))
        #expect(await eventually { decoders.current.first?.samplesFed == 1600 }, "the first decoder listens")
        let first = try #require(decoders.current.first)
        // Its guess comes just as the dictation is discarded and the next one starts (keys typed ahead).
        first.publish("words of the discarded dictation")
        session.pressMainAction()
        session.pressDiscard()
        session.pressMainAction()
        #expect(await eventually { decoders.current.count == 2 }, "the next dictation has its own decoder")
        await session.settleCalls()
        for _ in 0..<50 { await Task.yield() }
        #expect(session.state == .recording)
        #expect(session.partialTranscript.isEmpty, "\(session.partialTranscript)")
        decoders.current[1].publish("the new words")
        #expect(await eventually { session.partialTranscript == "the new words" })
    }

    @Test("discarding a live dictation cancels its decoder")
    func liveDiscard() async {
        let fixture = StationFixture()
        let decoder = FakeLiveTranscription(log: fixture.log)
        fixture.transcriber.enableLive { decoder }
        let session = fixture.makeSession()
        session.pressMainAction()
        session.pressMainAction()
        session.pressDiscard()
        #expect(await eventually { fixture.log.calls.contains("cancel") })
        #expect(fixture.reports.all.isEmpty)
    }
}
