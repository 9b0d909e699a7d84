import Foundation
import PulseCapture
import SQLiteStore
import SpeakerAdaptation
import SphinxSpeech
import StationCore
import StationTestSupport
import StationTestTraits
import Testing

/// The author's voice profile in a real dictation: a profile trained by `ProfileUpdater` on the dev
/// corpus's slt voice, then sentences of that voice played into the test PulseAudio server's null sink,
/// recorded by a station whose author has the profile, decoded live, and stored in SQLite.
@Suite("A dictation decoded with its author's voice profile", .serialized, .audioServer)
@MainActor
struct ProfileDictationTests {
    @Test("the author's recorded dictation is decoded with their profile: fewer errors than the stock model")
    func profileInADictation() async throws {
        try #require(PulseTestServer.isAvailable, "no PulseAudio server is reachable; run scripts/test")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "profile-dictation-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = StationPaths(dataDirectory: folder.appendingPathComponent("data"))
        try paths.createDirectories()
        let base = ModelLocator.debianModels[0]
        let profiles = SpeakerProfiles(paths: paths)
        let corpus = try SltCorpus.generate()
        let outcome = try await ProfileUpdater(profiles: profiles).update(
            author: "alice", base: base,
            source: ListedDictations(["alice": try SltCorpus.dictations(1...40, in: corpus)]),
            now: Date(timeIntervalSince1970: 1_900_000_000))
        try #require(outcome.accepted != nil, "the profile was not kept: \(outcome.candidates)")
        try await PulseTestServer.withSink { sink in
            try await dictate(
                try SltCorpus.dictations(81...88, in: corpus), into: sink, paths: paths, profiles: profiles)
        }
    }

    private func dictate(
        _ sentences: [CorrectedDictation], into sink: String, paths: StationPaths, profiles: SpeakerProfiles
    ) async throws {
        let log = FileStationLog(file: paths.logFile)
        let database = try await StationDatabase.open(paths)
        let transcriber = SphinxTranscriber(paths: paths, log: log, speakers: profiles)
        let clock = SystemClock()
        let station = Station(
            dependencies: StationDependencies(
                session: SessionDependencies(
                    makeCapture: { PulseCapture(source: "\(sink).monitor", log: log) }, transcriber: transcriber,
                    clock: clock, log: log, makeAudioFile: { paths.newAudioFile(for: $0, at: clock.wallTime) }),
                reports: database, sessions: database, author: "alice"),
            locale: "en-US")
        let session = try station.createSession(named: "Ward round")
        #expect(station.perform(.toggle).succeeded)
        await session.settleCalls()
        #expect(session.state == .recording)
        let file = try #require(session.audioFile)
        for sentence in sentences {
            let player = try PulseTestServer.play(sentence.audioFile, into: sink)
            await waitForExit(player)
            #expect(player.terminationStatus == 0)
            // A pause between sentences: 0.7 s recorded after the speech came in.
            try await RecordedAudio.waitForMore(0.7, in: file)
        }
        #expect(station.perform(.toggle).succeeded)
        #expect(station.perform(.send).succeeded)
        await session.settle()
        #expect(session.lastError == nil)

        let report = try #require(try await database.reports(search: nil, limit: 10, offset: 0).first)
        #expect(report.author == "alice")
        let reference = sentences.map(\.text).joined(separator: " ")
        let audio = try #require(report.audioFile)
        // The same recording as nobody's: the stock model.
        let stock = try await transcriber.transcribe(file: audio, locale: "en-US", speaker: nil).text
        let withProfile = WordErrorRate.of(
            hypothesis: SpokenWords.of(report.text), reference: SpokenWords.of(reference))
        let withStock = WordErrorRate.of(hypothesis: SpokenWords.of(stock), reference: SpokenWords.of(reference))
        print(
            "recorded slt 81-88 (alice's profile): report \(withProfile.percent) %, the stock model on its audio \(withStock.percent) %"
        )
        #expect(withProfile.percent < withStock.percent, "report: \(report.text)\nstock: \(stock)")
    }
}

/// The dev corpus's slt voice (Tests/Fixtures/adaptation), in the same cache as SpeakerAdaptationTests use.
enum SltCorpus {
    static func generate() throws -> URL { try DevCorpusSentences.generate("slt") }

    /// Sentence `number` as a corrected dictation, newer for a higher number.
    static func dictations(_ numbers: ClosedRange<Int>, in folder: URL) throws -> [CorrectedDictation] {
        try DevCorpusSentences.sentences(numbers, in: folder).map {
            CorrectedDictation(audioFile: $0.audioFile, text: $0.text, created: $0.created)
        }
    }
}
