import Foundation
import StationTestSupport
import Testing

@testable import SpeakerAdaptation

/// Issue 20, item 6: `transcribe` says on standard error which model decoded, and when the author named
/// has no profile (`--author rooot` decoded with the stock model and said nothing). The real binary.
@Suite("transcribe says which model decoded", .serialized)
struct TranscribeModelLineTests {
    let base = DevCorpus.stockModel

    @Test("stock, a profile (MAP), no profile for the name, a profile that cannot be used")
    func modelLines() throws {
        let folder = try AudioFixtures.temporaryDirectory("cli-model-line")
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        let audio = try SpokenSentence.wav("heart rate seventy two and regular", named: "heart", in: folder)
        let profiles = SpeakerProfiles(directory: data.appendingPathComponent("profiles"))
        try FileManager.default.createDirectory(
            at: profiles.directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // alice's profile is a copy of the stock model (it decodes as the stock model does, and is hers);
        // bob's was trained from another version of the base model, so it is not used.
        try installProfile(profiles, author: "alice", fingerprint: AdaptedModel.fingerprint(of: base.acousticModel))
        try installProfile(profiles, author: "bob", fingerprint: "means:1:1")

        func standardError(_ author: String?) throws -> String {
            let run = try StationBinary.run(
                ["--data-dir", data.path, "transcribe"] + (author.map { ["--author", $0] } ?? []) + [audio.path])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardOutput.lowercased().contains("seventy"), "\(run.standardOutput)")
            return run.standardError
        }
        #expect(try standardError(nil) == "Decoded with the stock en-US model.\n")
        #expect(try standardError("alice") == "Decoded with alice's en-US voice profile (MAP).\n")
        #expect(try standardError("rooot") == "No en-US voice profile for rooot: decoded with the stock en-US model.\n")
        #expect(
            try standardError("bob")
                == "bob's en-US voice profile could not be used (the log says why): decoded with the stock en-US model.\n"
        )
    }

    /// A profile folder as an accepted update leaves it, its model a copy of the base's parts.
    private func installProfile(_ profiles: SpeakerProfiles, author: String, fingerprint: String) throws {
        let scratch = try profiles.scratchFolder(author: author)
        let model = scratch.appendingPathComponent("map")
        try FileManager.default.createDirectory(at: model, withIntermediateDirectories: true)
        for part in ["mdef", "feat.params", "noisedict", "means", "variances", "transition_matrices", "sendump"] {
            try FileManager.default.copyItem(
                at: base.acousticModel.appendingPathComponent(part), to: model.appendingPathComponent(part))
        }
        let record = ProfileRecord(
            author: author, locale: "en-US", kind: .map, created: Date(timeIntervalSince1970: 1_900_000_000),
            dictationsOffered: 40, dictationsAligned: 40, heldBack: 10,
            stockErrorRate: WordErrorRate(errors: 20, words: 100),
            profileErrorRate: WordErrorRate(errors: 8, words: 100),
            trainingSeconds: 5, baseModel: base.acousticModel.path, baseFingerprint: fingerprint)
        try profiles.install(model: model, record: record, scratch: scratch)
        try FileManager.default.removeItem(at: scratch)
    }
}
