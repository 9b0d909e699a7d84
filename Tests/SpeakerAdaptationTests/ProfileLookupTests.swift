import Foundation
import Testing

@testable import SpeakerAdaptation

@Suite("Which model an author's dictations decode with")
struct ProfileLookupTests {
    let base = DevCorpus.stockModel

    /// A profile folder for `author` as an accepted update leaves it, its model a copy of the base's parts.
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

    @Test("an author's profile is theirs alone")
    func ownAuthorOnly() throws {
        let profiles = SpeakerProfiles(directory: try DevCorpus.temporaryFolder())
        try installProfile(profiles, author: "alice", fingerprint: AdaptedModel.fingerprint(of: base.acousticModel))
        let alice = profiles.model(author: "alice", base: base)
        #expect(alice.acousticModel.path.hasSuffix("/alice/en-US/model"))
        #expect(alice.languageModel == base.languageModel)
        #expect(profiles.model(author: "bob", base: base) == base)
        #expect(profiles.model(author: "Alice", base: base) == base)
        #expect(profiles.model(author: nil, base: base) == base)
        #expect(profiles.all().map(\.gain) == [12])
    }

    @Test("a profile trained from another version of the base model is not used")
    func changedBase() throws {
        let profiles = SpeakerProfiles(directory: try DevCorpus.temporaryFolder())
        try installProfile(profiles, author: "alice", fingerprint: "means:1:1")
        #expect(profiles.model(author: "alice", base: base) == base)
    }

    @Test("bw's log names the utterances it could not align")
    func ignoredUtterances() {
        let log = """
            utt>     1                     u0002  349    0   132 17  7 7 1.5e-102 -1.49e+02
            ERROR: "backward.c", line 421: Failed to align audio to trancript: final state of the search is not reached
            ERROR: "baum_welch.c", line 324: u0003 ignored
            utt>     2                     u0003  277    0   228 50  utt 0.012x
            """
        #expect(ProfileTrainer.ignoredUtterances(in: log) == ["u0003"])
    }
}
