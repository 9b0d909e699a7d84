import Foundation
import SpeakerAdaptation
import Testing

@Suite("Mixture weights rebuilt from a sendump")
struct MixtureWeightsTests {
    @Test("Debian's en-US sendump comes back byte for byte through mk_s2sendump")
    func roundTrip() async throws {
        let folder = try DevCorpus.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = DevCorpus.stockModel.acousticModel
        let weights = folder.appendingPathComponent("mixture_weights")
        try MixtureWeights.rebuild(fromSendump: model.appendingPathComponent("sendump"), to: weights)
        let tools = TrainingTools()
        let definition = folder.appendingPathComponent("mdef.txt")
        try await tools.run(
            "pocketsphinx_mdef_convert", ["-text", model.appendingPathComponent("mdef").path, definition.path],
            in: folder, log: folder.appendingPathComponent("convert.log"))
        let again = folder.appendingPathComponent("sendump")
        try await tools.run(
            "mk_s2sendump",
            [
                "-pocketsphinx", "yes", "-moddeffn", definition.path, "-mixwfn", weights.path, "-mwfloor", "1e-7",
                "-sendumpfn", again.path,
            ], in: folder, log: folder.appendingPathComponent("sendump.log"))
        let original = try Data(contentsOf: model.appendingPathComponent("sendump"))
        #expect(try Data(contentsOf: again) == original)
    }
}
