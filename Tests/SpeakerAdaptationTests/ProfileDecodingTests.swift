import Recordings
import Foundation
import StationCore
import Testing

@testable import SpeakerAdaptation
@testable import SphinxSpeech

/// The station's own decoder with the authors' voice profiles: a dictation decoded as its author's uses
/// their profile, nobody else's; an MLLR profile is a transform on the warm stock decoder; a profile
/// installed or reset while the station runs counts from the next dictation.
@Suite("Dictations decoded with their author's voice profile", .serialized)
struct ProfileDecodingTests {
    let base = TrainedVoice.base

    @Test("the author's dictations make fewer errors with their profile; another author never gets it")
    func ownProfile() async throws {
        let trained = try await TrainedVoice.alice.value
        let unseen = try DevCorpus.dictations("slt", 81...90)
        let station = TrainedVoice.stationTranscriber(trained.profiles)

        let asAlice = try await TrainedVoice.texts(unseen, station, speaker: "alice")
        let asNobody = try await TrainedVoice.texts(unseen, station, speaker: nil)
        let asBob = try await TrainedVoice.texts(unseen, station, speaker: "bob")
        let (profile, stock) = (TrainedVoice.errorRate(asAlice, unseen), TrainedVoice.errorRate(asNobody, unseen))
        print(
            "slt unseen 81-90 decoded by the station: as alice \(profile.percent) % [\(trained.record.kind)], no speaker \(stock.percent) %"
        )
        #expect(profile.percent < stock.percent, "profile \(profile.percent) %, stock \(stock.percent) %")
        #expect(asBob == asNobody, "bob has no profile: the stock model, whatever alice has")
        // Whatever the order, alice's profile still decodes hers and only hers.
        #expect(try await TrainedVoice.texts(unseen, station, speaker: "alice") == asAlice)
        #expect(try await TrainedVoice.texts(unseen, station, speaker: "Alice") == asNobody)

        // Live, as while recording: fed in 50 ms chunks, the rest read at send.
        var live = [String]()
        var liveStock = [String]()
        for dictation in unseen {
            live.append(try await liveText(dictation.audioFile, station, speaker: "alice"))
            liveStock.append(try await liveText(dictation.audioFile, station, speaker: nil))
        }
        let (liveProfile, liveNone) = (TrainedVoice.errorRate(live, unseen), TrainedVoice.errorRate(liveStock, unseen))
        print("live: as alice \(liveProfile.percent) %, no speaker \(liveNone.percent) %")
        #expect(liveProfile.percent < liveNone.percent)
    }

    @Test("an MLLR profile is applied to the warm stock decoder: the words of its model folder, then stock again")
    func transformSwitch() async throws {
        let trained = try await TrainedVoice.alice.value
        let root = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let profiles = SpeakerProfiles(directory: root.appendingPathComponent("profiles"))
        try TrainedVoice.install(trained.mllrCandidate, as: .mllr, for: "alice", in: profiles)
        let dictations = try DevCorpus.dictations("slt", 81...88)
        let folder = try await TrainedVoice.texts(
            dictations, TrainedVoice.folderTranscriber(trained.mllrCandidate), speaker: nil)
        let stock = try await TrainedVoice.texts(dictations, SphinxScorer.transcriber(for: base), speaker: nil)
        #expect(folder != stock, "the transform changes the words, or this test shows nothing")

        let station = TrainedVoice.stationTranscriber(profiles)
        #expect(try await TrainedVoice.texts(dictations, station, speaker: nil) == stock)
        #expect(try await TrainedVoice.texts(dictations, station, speaker: "alice") == folder)
        #expect(try await TrainedVoice.texts(dictations, station, speaker: nil) == stock, "back to no transform")
        #expect(try await TrainedVoice.texts(dictations, station, speaker: "bob") == stock)
        #expect(try await TrainedVoice.texts(dictations, station, speaker: "alice") == folder)
        #expect(await station.engine.decodersLoaded == 1, "one decoder, its transform switched")
    }

    @Test("a profile installed, replaced or reset while the station runs counts from the next dictation")
    func changesWithoutRestart() async throws {
        let trained = try await TrainedVoice.alice.value
        let root = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let profiles = SpeakerProfiles(directory: root.appendingPathComponent("profiles"))
        let dictations = try DevCorpus.dictations("slt", 81...86)
        let stock = try await TrainedVoice.texts(dictations, SphinxScorer.transcriber(for: base), speaker: nil)
        let map = try await TrainedVoice.texts(
            dictations, TrainedVoice.folderTranscriber(trained.mapCandidate), speaker: nil)
        let mllr = try await TrainedVoice.texts(
            dictations, TrainedVoice.folderTranscriber(trained.mllrCandidate), speaker: nil)
        #expect(map != stock)

        let station = TrainedVoice.stationTranscriber(profiles)
        #expect(try await TrainedVoice.texts(dictations, station, speaker: "dora") == stock, "no profile yet")
        try TrainedVoice.install(trained.mapCandidate, as: .map, for: "dora", in: profiles)
        #expect(try await TrainedVoice.texts(dictations, station, speaker: "dora") == map, "installed")
        // Replaced in place by another MAP model, with the same record time: the old decoder is not reused.
        try TrainedVoice.install(try TrainedVoice.stockCopy(in: root), as: .map, for: "dora", in: profiles)
        #expect(try await TrainedVoice.texts(dictations, station, speaker: "dora") == stock, "replaced")
        try TrainedVoice.install(trained.mllrCandidate, as: .mllr, for: "dora", in: profiles)
        #expect(try await TrainedVoice.texts(dictations, station, speaker: "dora") == mllr, "another kind")
        try TrainedVoice.install(trained.mapCandidate, as: .map, for: "dora", in: profiles)
        #expect(try await TrainedVoice.texts(dictations, station, speaker: "dora") == map, "back to MAP")
        #expect(try profiles.reset(author: "dora"))
        #expect(try await TrainedVoice.texts(dictations, station, speaker: "dora") == stock, "reset")
    }

    @Test("a profile in doubt decodes with the stock model: a transform cut short, a damaged MAP model")
    func doubt() async throws {
        let trained = try await TrainedVoice.alice.value
        let root = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let profiles = SpeakerProfiles(directory: root.appendingPathComponent("profiles"))
        let dictations = try DevCorpus.dictations("slt", 81...83)
        let stock = try await TrainedVoice.texts(dictations, SphinxScorer.transcriber(for: base), speaker: nil)
        let station = TrainedVoice.stationTranscriber(profiles)

        // A transform cut short (a full disk): refused before pocketsphinx reads past its end.
        try TrainedVoice.install(trained.mllrCandidate, as: .mllr, for: "erin", in: profiles)
        let transform = root.appendingPathComponent("profiles/erin/en-US/model/\(AdaptedModel.mllrFileName)")
        let text = try String(contentsOf: transform, encoding: .utf8)
        try String(text.prefix(text.count / 2)).write(to: transform, atomically: true, encoding: .utf8)
        #expect(try await TrainedVoice.texts(dictations, station, speaker: "erin") == stock)

        // A MAP profile whose means file is damaged is probed in a child process and not loaded.
        try TrainedVoice.install(trained.mapCandidate, as: .map, for: "finn", in: profiles)
        try Data("not a model".utf8).write(to: root.appendingPathComponent("profiles/finn/en-US/model/means"))
        #expect(try await TrainedVoice.texts(dictations, station, speaker: "finn") == stock)
        #expect(try await TrainedVoice.texts(dictations, station, speaker: nil) == stock)
    }

    @Test("figures: MLLR switch on the warm decoder, MAP decoder load")
    func figures() async throws {
        let trained = try await TrainedVoice.alice.value
        let clock = ContinuousClock()
        let decoder = try SphinxDecoder(model: base, log: SilentLog())
        let transform = trained.mllrCandidate.appendingPathComponent(AdaptedModel.mllrFileName)
        var apply: [Duration] = []
        var remove: [Duration] = []
        for _ in 0..<5 {
            apply.append(try clock.measure { try decoder.apply(transform: transform) })
            remove.append(try clock.measure { try decoder.removeTransform() })
        }
        var load: [Duration] = []
        let map = AdaptedModel.speechModel(acousticModel: trained.mapCandidate, base: base)
        for _ in 0..<3 { load.append(try clock.measure { _ = try SphinxDecoder(model: map, log: SilentLog()) }) }
        let stockLoad = try clock.measure { _ = try SphinxDecoder(model: base, log: SilentLog()) }
        print(
            "MLLR apply \(apply.sorted()[2]), take off \(remove.sorted()[2]) (median of 5); MAP decoder load \(load.sorted()[1]) (median of 3), stock load \(stockLoad)"
        )
    }

    /// `file` decoded live for `speaker`: fed in 50 ms chunks as a recording would be, then finished.
    private func liveText(_ file: URL, _ transcriber: SphinxTranscriber, speaker: String?) async throws -> String {
        let audio = try AudioFileReader.samples(of: file)
        let live = try #require(await transcriber.beginLive(locale: "en-US", speaker: speaker))
        var position = 0
        while position < audio.count {
            let end = min(audio.count, position + 800)
            await live.feed(AudioChunk(samples: Array(audio[position..<end]), position: position))
            position = end
        }
        return try await live.finish(file: file).text
    }
}
