import Recordings
import Foundation
import SphinxSpeech
import StationCore
import StationTestSupport
import Testing

/// A transcriber passed through, whose live decoders note how far they were fed, so a test can wait
/// until the feed is past a gap.
final class FeedWatchingTranscriber: Transcribing, @unchecked Sendable {
    let base: any Transcribing
    let fedUpTo = Locked(0)

    init(_ base: any Transcribing) { self.base = base }

    func transcribe(file: URL, locale: String) async throws -> Transcription {
        try await base.transcribe(file: file, locale: locale)
    }

    func beginLive(locale: String) async -> (any LiveTranscription)? {
        guard let live = await base.beginLive(locale: locale) else { return nil }
        return Watched(live, fedUpTo: fedUpTo)
    }

    final class Watched: LiveTranscription, @unchecked Sendable {
        let live: any LiveTranscription
        let fedUpTo: Locked<Int>
        init(_ live: any LiveTranscription, fedUpTo: Locked<Int>) {
            self.live = live
            self.fedUpTo = fedUpTo
        }
        var partials: AsyncStream<String> { live.partials }
        func feed(_ chunk: AudioChunk) async {
            await live.feed(chunk)
            fedUpTo.withLock { $0 = max($0, chunk.end) }
        }
        func finish(file: URL) async throws -> Transcription { try await live.finish(file: file) }
        func cancel() async { await live.cancel() }
    }
}

/// The send failures and feed gaps again, with the real PocketSphinx decoder on LibriVox speech.
@MainActor
@Suite("Survives: failed sends and feed gaps with the real decoder", .serialized)
struct RealDecoderSendTests {
    static let transcriber = SphinxTranscriber(
        locator: ModelLocator(modelsDirectory: URL(fileURLWithPath: "/nonexistent/models")), logFile: nil)

    /// A station on the real decoder whose captures replay `recording`, and its report store.
    static func station(
        replaying recording: URL, dropping dropped: Range<Int> = 0..<0, in folder: URL,
        transcriber: any Transcribing = transcriber
    ) -> (Station, InMemoryReportStore) {
        let reports = InMemoryReportStore()
        let dependencies = SessionDependencies(
            makeCapture: { ReplayCapture(replaying: recording, dropping: dropped) },
            transcriber: transcriber,
            makeAudioFile: { folder.appendingPathComponent("\($0.rawValue).wav") })
        return (
            Station(dependencies: StationDependencies(session: dependencies, reports: reports), locale: "en-US"),
            reports
        )
    }

    /// Records the whole replayed recording of `samples` samples, with its chunks fed to the live
    /// decoder `watching` sees, and pauses.
    static func record(_ session: DictationSession, fedTo watching: FeedWatchingTranscriber, samples: Int) async throws
    {
        session.pressMainAction()
        await session.settleCalls()
        // The live decoder is fed behind the capture: the pause comes once it took every chunk (the text
        // would not need it, the file fills in whatever was not fed, but the live decode is the subject).
        try await waitUntil("the live decoder to take the recording", seconds: 60) {
            watching.fedUpTo.current >= samples
        }
        session.pressMainAction()
        await session.settleCalls()
    }

    @Test("the store fails once after the live decode finished: the second send stores the text")
    func storeFailsOnce() async throws {
        let folder = try AudioFixtures.temporaryDirectory("send-again")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sample = try #require(LibriVoxSamples.all().first)
        let whole = try await Self.transcriber.transcribe(file: sample.file, locale: "en-US")
        let watching = FeedWatchingTranscriber(Self.transcriber)
        let (station, reports) = Self.station(replaying: sample.file, in: folder, transcriber: watching)
        let session = try station.createSession(named: "Ward round")
        try await Self.record(session, fedTo: watching, samples: try AudioFileReader.samples(of: sample.file).count)

        reports.failWrites(with: CocoaError(.fileWriteOutOfSpace))
        session.pressSend()
        await session.settle()
        #expect(session.lastError == .reportNotSaved)
        #expect(session.state == .paused)

        reports.failWrites(with: nil)
        session.pressSend()
        await session.settle()
        #expect(session.state == .notRecording)
        #expect(reports.all.first?.text == whole.text)
    }

    @Test("two seconds of chunks never reach the live decoder: the report is the whole file's text")
    func chunksDropped() async throws {
        let folder = try AudioFixtures.temporaryDirectory("send-gap")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sample = try #require(LibriVoxSamples.all().first)
        let whole = try await Self.transcriber.transcribe(file: sample.file, locale: "en-US")
        let watching = FeedWatchingTranscriber(Self.transcriber)
        let (station, reports) = Self.station(
            replaying: sample.file, dropping: 32_000..<64_000, in: folder, transcriber: watching)
        let session = try station.createSession(named: "Ward round")
        session.pressMainAction()
        await session.settleCalls()
        // The live decoder is fed past the gap before the pause, so the gap is what it has to handle.
        #expect(await eventually(limit: .seconds(60)) { watching.fedUpTo.current > 96_000 })
        session.pressMainAction()
        await session.settleCalls()
        session.pressSend()
        await session.settle()
        #expect(session.lastError == nil)
        #expect(reports.all.first?.text == whole.text)
    }
}
