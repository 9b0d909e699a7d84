import Foundation
import PulseCapture
import SphinxSpeech
import StationCore
import StationTestSupport
import StationTestTraits
import Testing

/// Live decoding across a lost audio server: speech is captured by PulseCapture from a private
/// server, the server is killed mid-dictation (chunks may be lost with it), a new server takes over,
/// the dictation is resumed (appended to the same file) and sent. The report must be exactly what a
/// decode of the whole file gives, and no dictated word may reach the data directory's log.
@Suite("Live decoding across a lost audio server", .serialized, .audioServer)
@MainActor
struct LiveAcrossServerLossTests {
    @Test("server gone → resume on a new server → send: the report is the whole file's text")
    func serverGoneResumeSend() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = StationPaths(dataDirectory: folder.appendingPathComponent("data"))
        try paths.createDirectories()
        let log = FileStationLog(file: paths.logFile)
        let transcriber = SphinxTranscriber(paths: paths, log: log)
        try await transcriber.preload(locale: "en-US")
        var server = try PrivateSpeechServer()
        let address = Locked(server.address)
        let reports = InMemoryReportStore()
        let clock = SystemClock()
        let station = Station(
            dependencies: StationDependencies(
                session: SessionDependencies(
                    makeCapture: {
                        PulseCapture(source: PrivateSpeechServer.monitor, server: address.current, log: log)
                    },
                    transcriber: transcriber, clock: clock, log: log,
                    makeAudioFile: { paths.newAudioFile(for: $0, at: clock.wallTime) }),
                reports: reports),
            locale: "en-US")
        let session = try station.createSession(named: "Room 12")
        let samples = try LibriVoxSamples.all()

        #expect(station.perform(.toggle).succeeded)
        await session.settleCalls()
        let file = try #require(session.audioFile)
        try await server.play(samples[0].file)
        // A pause, as a person makes: 0.7 s recorded after the speech came in.
        try await RecordedAudio.waitForMore(0.7, in: file)
        try server.kill()
        #expect(await eventually { session.state == .paused }, "the lost server pauses the dictation")

        server = try PrivateSpeechServer()
        address.withLock { $0 = server.address }
        #expect(station.perform(.toggle).succeeded)
        await session.settleCalls()
        #expect(session.state == .recording, "\(String(describing: session.lastError))")
        try await server.play(samples[1].file)
        try await RecordedAudio.waitForMore(0.7, in: file)
        #expect(station.perform(.toggle).succeeded)
        #expect(station.perform(.send).succeeded)
        await session.settle()
        #expect(session.lastError == nil, "\(String(describing: session.lastError))")

        let report = try #require(reports.all.first)
        let audio = try #require(report.audioFile)
        let whole = try await transcriber.transcribe(file: audio, locale: "en-US")
        #expect(report.text == whole.text)
        let reference = samples[0].reference + " " + samples[1].reference
        #expect(WordErrorRate.rate(hypothesis: report.text, reference: reference) <= 0.4, "\(report.text)")

        // Nothing of what was said is in any log of the data directory.
        let words = Set(
            (report.text + " " + reference).lowercased().split { !$0.isLetter }.map(String.init)
                .filter { $0.count > 3 })
        var logs = ""
        let enumerator = FileManager.default.enumerator(at: paths.dataDirectory, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.lastPathComponent.contains(".log") else { continue }
            logs += try String(contentsOf: url, encoding: .utf8).lowercased()
        }
        let logged = Set(logs.split { !$0.isLetter }.map(String.init))
        #expect(!logs.isEmpty)
        #expect(logged.intersection(words).isEmpty, "dictated words in the log: \(logged.intersection(words))")
    }
}
