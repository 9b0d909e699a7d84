import Foundation
import PulseCapture
import Recordings
import SQLiteStore
import SphinxSpeech
import StationCore
import StationTestSupport
import StationTestTraits
import Testing

/// The whole chain with real parts: speech played into a null sink of the test PulseAudio server is
/// captured by PulseCapture, decoded live by PocketSphinx with Debian's en-US model, and stored as a
/// report in a real SQLite file — driven through the core's Station exactly as the keys drive it.
@Suite("A dictation from speech to report", .serialized, .audioServer)
@MainActor
struct DictationEndToEndTests {
    @Test("play LibriVox speech, record, pause, send: the stored report scores WER at most 0.35")
    func speechBecomesReport() async throws {
        try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        let samples = try LibriVoxSamples.all()
        try await PulseTestServer.withSink { sink in try await dictate(samples, into: sink) }
    }

    private func dictate(_ samples: [LibriVoxSamples.Sample], into sink: String) async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = StationPaths(dataDirectory: folder.appendingPathComponent("data"))
        try paths.createDirectories()
        let log = FileStationLog(file: paths.logFile)
        let database = try await StationDatabase.open(paths)
        let transcriber = SphinxTranscriber(paths: paths, log: log)
        try await transcriber.preload(locale: "en-US")
        let clock = SystemClock()
        let station = Station(
            dependencies: StationDependencies(
                session: SessionDependencies(
                    makeCapture: { PulseCapture(source: "\(sink).monitor", log: log) }, transcriber: transcriber,
                    clock: clock, log: log, makeAudioFile: { paths.newAudioFile(for: $0, at: clock.wallTime) }),
                reports: database, sessions: database),
            locale: "en-US")
        let session = try station.createSession(named: "Room 12 – Mrs Jansen")

        #expect(station.perform(.toggle).succeeded)
        await session.settleCalls()
        #expect(session.state == .recording)
        var partials: Set<String> = []
        let file = try #require(session.audioFile)
        for sample in samples {
            let player = try PulseTestServer.play(sample.file, into: sink)
            // The live text as the screen would show it, looked at while the speech plays.
            try await waitUntil("the player to end", seconds: 60) {
                partials.insert(session.partialTranscript)
                return !player.isRunning
            }
            #expect(player.terminationStatus == 0)
            // A pause between sentences, as a person makes: 0.7 s recorded after the speech came in.
            try await RecordedAudio.waitForMore(0.7, in: file)
        }
        #expect(station.perform(.toggle).succeeded)
        #expect(session.state == .paused)
        #expect(partials.filter { !$0.isEmpty }.count >= 3, "the live decoder published partial text while recording")
        #expect(session.measuredElapsed > .seconds(24), "all five recordings were captured")

        #expect(station.perform(.send).succeeded)
        await session.settle()
        #expect(session.state == .notRecording)
        #expect(session.lastError == nil)

        let reports = try await database.reports(search: nil, limit: 10, offset: 0)
        let report = try #require(reports.first)
        #expect(reports.count == 1)
        #expect(report.sessionName == "Room 12 – Mrs Jansen")
        let reference = samples.map(\.reference).joined(separator: " ")
        let wer = WordErrorRate.rate(hypothesis: report.text, reference: reference)
        print("end-to-end WER over the five LibriVox recordings: \(wer)")
        #expect(wer <= 0.35, "WER \(wer): \(report.text)")
        let audio = try #require(report.audioFile)
        #expect(audio.path.hasPrefix(paths.audioDirectory.path))
        let info = try WAVInfo(audio)
        #expect(info.seconds > 24, "the report keeps its audio for playback")
    }
}
