import Foundation
import SpeakerAdaptation
import StationCore
import Testing

/// Real sphinxtrain runs on the dev corpus, through the product's own flow (`ProfileUpdater`).
/// Alice dictates with flite's slt voice (70 dictations; the newest 40 held back in turn, 5 rounds),
/// Bob with kal16; Carol's login was used by two voices.
@Suite("Voice profiles trained from corrected dictations", .serialized)
struct ProfileTrainingTests {
    let base = DevCorpus.stockModel

    @Test("a profile lowers the error rate on unseen sentences of its voice, only for its author")
    func trainedProfile() async throws {
        let data = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let profiles = SpeakerProfiles(directory: data.appendingPathComponent("profiles"))
        var alice = try DevCorpus.dictations("slt", 1...70)
        // One correction that does not match its audio (three sentences for one): bw cannot align it,
        // so training leaves it out.
        alice[9].text = [1, 2, 3].map { alice[$0].text }.joined(separator: " ")
        let source = ListedDictations(["alice": alice, "bob": try DevCorpus.dictations("kal16", 1...70)])
        let updater = ProfileUpdater(profiles: profiles)

        let outcome = try await updater.update(author: "alice", base: base, source: source, now: Self.now)
        let record = try #require(outcome.accepted, "stock \(outcome.stock.percent) %, \(outcome.candidates)")
        #expect(outcome.heldBack == 40, "the newest 40, each held back in one of the rounds")
        #expect(outcome.comparison.folds == 5)
        #expect(record.profileErrorRate.percent < record.stockErrorRate.percent)
        #expect(outcome.comparison.candidate(record.kind)?.test.pValue ?? 1 < ProfileComparison.doubt)
        #expect(record.dictationsOffered == 70, "the profile kept is trained on them all")
        #expect(record.dictationsAligned == 69, "the mismatched dictation is dropped")
        #expect(outcome.notes.leftOut.map(\.reason) == [.notAligned], "and named")

        // Unseen sentences of the same voice: at least halved (the issue's bar).
        let unseen = try DevCorpus.dictations("slt", 81...100)
        let scorer = SphinxScorer()
        let stock = try await scorer.errorRate(of: base, on: unseen)
        let adapted = try await scorer.errorRate(of: profiles.model(author: "alice", base: base), on: unseen)
        print("alice (slt) unseen: stock \(stock.percent) %, profile \(adapted.percent) % [\(record.kind)]")
        #expect(adapted.percent <= stock.percent / 2, "stock \(stock.percent) %, profile \(adapted.percent) %")

        // Bob has no profile: he decodes with the stock model, whatever Alice has.
        #expect(profiles.model(author: "bob", base: base) == base)
        #expect(profiles.model(author: nil, base: base) == base)
        #expect(profiles.all().map(\.author) == ["alice"])

        // Private: folders 0700, files 0600.
        let folder = data.appendingPathComponent("profiles/alice/en-US")
        for path in [folder.path, folder.appendingPathComponent("model").path] {
            #expect(try permissions(path) == 0o700, "\(path)")
        }
        for file in ["profile.json", "model/means", "model/mdef"] {
            #expect(try permissions(folder.appendingPathComponent(file).path) == 0o600, "\(file)")
        }
        // No training leftovers.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path)
        #expect(leftovers == ["en-US"])

        // The same training again is not better than the profile in use: refused, the profile stays.
        let again = try await updater.update(author: "alice", base: base, source: source, now: Self.now)
        #expect(again.accepted == nil)
        #expect(again.previous != nil, "compared with the profile in use")
        #expect(profiles.record(author: "alice", locale: "en-US") == record)

        #expect(try profiles.reset(author: "alice"))
        #expect(profiles.model(author: "alice", base: base) == base)
    }

    /// Four held-back sentences cannot show a profile better beyond doubt: even four better out of
    /// four has p = 1/16 in an exact signed-rank test, above `ProfileComparison.doubt`. However well
    /// the candidates decode, the gate refuses them and leaves nothing behind. (An earlier version of
    /// this test mixed two voices in one login and expected a refusal; with the held-back dictations
    /// rotating, the profile trained on both did beat the stock model, p < 0.001, and was rightly kept.)
    @Test("a profile that is not better beyond doubt on the held-back dictations is refused")
    func refusedProfile() async throws {
        let data = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let profiles = SpeakerProfiles(directory: data.appendingPathComponent("profiles"))
        let carol = try DevCorpus.dictations("rms", 1...4)
        let outcome = try await ProfileUpdater(profiles: profiles, minimumDictations: 4).update(
            author: "carol", base: base, source: ListedDictations(["carol": carol]), now: Self.now)
        print(
            "carol: stock \(outcome.stock.percent) %, candidates \(outcome.candidates.map { ($0.kind, $0.errorRate.percent) })"
        )
        #expect(outcome.heldBack == 4)
        #expect(outcome.accepted == nil)
        #expect(outcome.comparison.kept == nil)
        #expect(outcome.comparison.candidates.count == 2)
        #expect(outcome.comparison.candidates.allSatisfy { $0.test.pValue >= ProfileComparison.doubt })
        #expect(profiles.record(author: "carol", locale: "en-US") == nil)
        #expect(profiles.model(author: "carol", base: base) == base)
        let carolFolder = data.appendingPathComponent("profiles/carol").path
        #expect(try FileManager.default.contentsOfDirectory(atPath: carolFolder) == [], "no training leftovers")
    }

    @Test("a training whose tool fails says which and why, and leaves nothing behind")
    func failedTool() async throws {
        let data = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let profiles = SpeakerProfiles(directory: data.appendingPathComponent("profiles"))
        let tools = TrainingTools(sphinxtrainDirectory: data.appendingPathComponent("no-sphinxtrain"))
        let updater = ProfileUpdater(profiles: profiles, trainer: ProfileTrainer(tools: tools))
        let dave = ListedDictations(["dave": try DevCorpus.dictations("slt", 1...30)])
        await #expect(throws: AdaptationError.toolMissing("bw")) {
            try await updater.update(author: "dave", base: base, source: dave, now: Self.now)
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("profiles/dave").path) == []
        )
        #expect(profiles.model(author: "dave", base: base) == base)

        // A tool that ends with a failure: its last lines come with the error.
        let folder = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try await TrainingTools().run(
                "sphinx_fe", ["-no-such-option"], in: folder, log: folder.appendingPathComponent("fe.log"))
            Issue.record("sphinx_fe accepted a bad option")
        } catch AdaptationError.toolFailed(let tool, let status, let lastLines) {
            #expect(tool == "sphinx_fe")
            #expect(status != 0)
            #expect(!lastLines.isEmpty)
        }
    }

    @Test("too few usable dictations train nothing and say how many are needed")
    func tooFew() async throws {
        let data = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let profiles = SpeakerProfiles(directory: data.appendingPathComponent("profiles"))
        var dictations = try DevCorpus.dictations("slt", 1...5)
        // A word nothing can say makes a dictation unusable.
        dictations[0].text += " zzyzxqq"
        await #expect(throws: AdaptationError.notEnoughDictations(usable: 4, needed: 5)) {
            try await ProfileUpdater(profiles: profiles).update(
                author: "dave", base: base, source: ListedDictations(["dave": dictations]), now: Self.now)
        }
    }

    /// Whole seconds, as profile.json keeps them.
    static let now = Date(timeIntervalSince1970: 1_900_000_000)

    private func permissions(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }
}
