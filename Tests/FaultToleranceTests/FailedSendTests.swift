import Foundation
import StationCore
import StationTestSupport
import Testing

/// A live decoder that, like a real one, is spent once finished: a second finish fails as the old real
/// decoder did. It can also be told to fail its first finish.
final class SpentOnceLiveTranscription: LiveTranscription, @unchecked Sendable {
    let partials: AsyncStream<String>
    private let partialsContinuation: AsyncStream<String>.Continuation
    private let state = Locked((finished: false, failNext: false))
    let log: CallLog

    init(log: CallLog, failingFirstFinish: Bool = false) {
        self.log = log
        (partials, partialsContinuation) = AsyncStream.makeStream()
        state.withLock { $0.failNext = failingFirstFinish }
    }

    func feed(_ chunk: AudioChunk) async {}

    func finish(file: URL) async throws -> Transcription {
        log.record("finish live")
        partialsContinuation.finish()
        let (spent, fail) = state.withLock { state -> (Bool, Bool) in
            defer { (state.finished, state.failNext) = (true, false) }
            return (state.finished, state.failNext)
        }
        if spent { throw TranscriptionError.decoderFailed(detail: "the dictation was cancelled") }
        if fail { throw TranscriptionError.decoderFailed(detail: "the live decode broke") }
        return Transcription(text: "live text", locale: "en-US", audioDuration: .seconds(1))
    }

    func cancel() async {
        log.record("cancel live")
        partialsContinuation.finish()
    }
}

/// Every way a send can fail leaves the session paused with its audio, and the very next send works.
@MainActor
@Suite("Survives: a failed send is followed by a send that works")
struct FailedSendTests {
    enum Failure: String, CaseIterable, Sendable {
        case reportNotSaved, captureStopFailed, liveFinishFailed, fileTranscriptionFailed
    }

    @Test("after a failed send, the next send stores the report", arguments: Failure.allCases)
    func nextSendWorks(failure: Failure) async throws {
        let fixture = StationFixture()
        let decoders = Locked<[SpentOnceLiveTranscription]>([])
        if failure != .fileTranscriptionFailed {
            let log = fixture.log
            fixture.transcriber.enableLive {
                let decoder = SpentOnceLiveTranscription(log: log, failingFirstFinish: failure == .liveFinishFailed)
                decoders.withLock { $0.append(decoder) }
                return decoder
            }
        }
        let session = fixture.makeSession(named: "Ward round")
        session.pressMainAction()
        await session.settleCalls()
        session.pressMainAction()
        switch failure {
        case .reportNotSaved: fixture.reports.failWrites(with: CocoaError(.fileWriteOutOfSpace))
        case .captureStopFailed: fixture.capture?.fail(.stop, with: CaptureError.fileUnwritable(detail: "disk full"))
        case .liveFinishFailed: break
        case .fileTranscriptionFailed: fixture.transcriber.fail(with: TranscriptionError.decoderFailed(detail: "x"))
        }
        session.pressSend()
        await session.settle()
        #expect(session.state == .paused, "the failed send keeps the audio")
        #expect(session.lastError != nil)
        #expect(fixture.reports.all.isEmpty)

        fixture.reports.failWrites(with: nil)
        fixture.transcriber.answer("the patient is well")
        session.pressSend()
        await session.settle()
        #expect(session.state == .notRecording, "\(String(describing: session.lastError))")
        #expect(fixture.reports.all.count == 1)
        if failure == .captureStopFailed {
            #expect(fixture.log.calls.contains("cancel live"), "the unfinished live decode gave its decoder back")
        }
    }
}
