import Foundation
import SphinxSpeech
import StationCore
import StationTestSupport
import Testing

/// The send failures and feed gaps again, with the real PocketSphinx decoder on LibriVox speech.
@MainActor
@Suite("Survives: failed sends and feed gaps with the real decoder", .serialized)
struct RealDecoderSendTests {
    static let transcriber = SphinxTranscriber(
        locator: ModelLocator(modelsDirectory: URL(fileURLWithPath: "/nonexistent/models")), logFile: nil)

    /// A station on the real decoder whose captures replay `recording`, and its report store.
    static func station(
        replaying recording: URL, dropping dropped: Range<Int> = 0..<0, in folder: URL
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

    /// Records the whole replayed recording, with its chunks fed to the live decoder, and pauses.
    static func record(_ session: DictationSession) async {
        session.pressMainAction()
        await session.settleCalls()
        // The live decoder is fed behind the capture; a moment for it to take the chunks, not needed
        // for the text (the file fills in whatever was not fed).
        try? await Task.sleep(for: .milliseconds(300))
        session.pressMainAction()
        await session.settleCalls()
    }

    @Test("the store fails once after the live decode finished: the second send stores the text")
    func storeFailsOnce() async throws {
        let folder = try AudioFixtures.temporaryDirectory("send-again")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sample = try #require(LibriVoxSamples.all().first)
        let whole = try await Self.transcriber.transcribe(file: sample.file, locale: "en-US")
        let (station, reports) = Self.station(replaying: sample.file, in: folder)
        let session = try station.createSession(named: "Ward round")
        await Self.record(session)

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
        let sample = try #require(LibriVoxSamples.all().dropFirst().first)
        let whole = try await Self.transcriber.transcribe(file: sample.file, locale: "en-US")
        let (station, reports) = Self.station(replaying: sample.file, dropping: 16_000..<48_000, in: folder)
        let session = try station.createSession(named: "Ward round")
        await Self.record(session)
        session.pressSend()
        await session.settle()
        #expect(session.lastError == nil)
        #expect(reports.all.first?.text == whole.text)
    }
}
