import Foundation
import Localization
import Recordings
import StationCore
import StationSystem

/// Trains an author's acoustic adaptation from corrected dictations with sphinxtrain, in a private
/// work folder: features (`sphinx_fe`), alignment counts (`bw`), then a MAP-adapted model
/// (`map_adapt`, `mk_s2sendump`) and an MLLR transform (`mllr_solve`). Everything in the work folder is
/// the author's voice and words: folders 0700 and files 0600 from their creation, the tools' too.
public struct ProfileTrainer: Sendable {
    public var tools: TrainingTools

    public init(tools: TrainingTools = TrainingTools()) { self.tools = tools }

    /// What a training made, in `folder`.
    public struct Result: Sendable {
        /// A complete acoustic model folder adapted by MAP.
        public var mapModel: URL
        /// A complete acoustic model folder: the base model plus `mllr_matrix`.
        public var mllrModel: URL
        /// The dictations bw aligned and used.
        public var aligned: Int
        /// Where in the dictations given (the workspace's) are those bw could not align to their text.
        public var unaligned: [Int]
        /// The dictations offered to bw (all words known).
        public var offered: Int
        public var seconds: Double
    }

    /// The files of an acoustic model folder that an adapted copy keeps from its base.
    static let keptParts = ["mdef", "feat.params", "noisedict"]

    /// The base model's parts as training reads them and every dictation's features, made once for all
    /// the trainings of one update (the rounds of its cross-validation, then the one kept).
    public struct Workspace: Sendable {
        var base: URL
        var work: URL
        var textDefinition: URL
        var mixtureWeights: URL
        var parameters: String
        /// Per dictation, in the order given: its id and its transcript line.
        var ids: [String]
        var transcripts: [String]
        var started: ContinuousClock.Instant
    }

    /// Trains on `dictations` (every word must be in `dictionary`) against `base`, in `folder`.
    public func train(
        _ dictations: [CorrectedDictation], base model: SpeechModel, dictionary: PronunciationDictionary,
        in folder: URL,
        clock: ContinuousClock = .init()
    ) async throws -> Result {
        let workspace = try await prepare(dictations, base: model, dictionary: dictionary, in: folder, clock: clock)
        return try await train(workspace, using: Array(dictations.indices), into: folder, clock: clock)
    }

    /// Makes the workspace for `dictations` in `folder`: the base's parts, the features, the dictionary.
    public func prepare(
        _ dictations: [CorrectedDictation], base model: SpeechModel, dictionary: PronunciationDictionary,
        in folder: URL, clock: ContinuousClock = .init()
    ) async throws -> Workspace {
        let started = clock.now
        let files = FileManager.default
        let base = model.acousticModel
        for part in Self.keptParts + ["means", "variances", "transition_matrices"] {
            guard files.fileExists(atPath: base.appendingPathComponent(part).path) else {
                throw AdaptationError.modelNotAdaptable(tr("it has no \(part)"))
            }
        }
        let parameters = try String(contentsOf: base.appendingPathComponent("feat.params"), encoding: .utf8)
        guard parameters.contains("-model ptm") || parameters.contains("-model semi") else {
            throw AdaptationError.modelNotAdaptable(tr("only PTM and semi-continuous models are adapted"))
        }
        let work = folder.appendingPathComponent("work", isDirectory: true)
        for sub in ["features", "base", "logs"] {
            try PrivateDirectory.make(work.appendingPathComponent(sub).path, creatingParents: true)
        }
        func log(_ name: String) -> URL { work.appendingPathComponent("logs/\(name).log") }

        // The base model's parts as training reads them: a text mdef and float mixture weights.
        let textDefinition = work.appendingPathComponent("base/mdef.txt")
        try await tools.run(
            "pocketsphinx_mdef_convert", ["-text", base.appendingPathComponent("mdef").path, textDefinition.path],
            in: work, log: log("mdef_convert"))
        let mixtureWeights = try baseMixtureWeights(of: base, work: work)

        // The audio as 16 kHz mono raw samples (any format the station reads), then cepstra.
        var ids: [String] = []
        var transcripts: [String] = []
        var words: Set<String> = []
        for (index, dictation) in dictations.enumerated() {
            let id = String(format: "u%04d", index + 1)
            let samples = try AudioFileReader.samples(of: dictation.audioFile)
            let raw = work.appendingPathComponent("features/\(id).raw")
            try PrivateFile.write(samples.withUnsafeBytes { Array($0) }, toNew: raw.path)
            let spoken = SpokenWords.of(dictation.text)
            words.formUnion(spoken)
            ids.append(id)
            transcripts.append("<s> \(spoken.joined(separator: " ")) </s> (\(id))")
        }
        try write(ids.joined(separator: "\n") + "\n", to: work.appendingPathComponent("all.fileids"))
        try write(dictionary.subset(words), to: work.appendingPathComponent("train.dict"))

        try await tools.run(
            "sphinx_fe",
            [
                "-argfile", base.appendingPathComponent("feat.params").path, "-samprate", "16000", "-raw", "yes",
                "-input_endian", "little", "-c", "all.fileids", "-di", "features", "-do", "features", "-ei", "raw",
                "-eo", "mfc",
            ], in: work, log: log("sphinx_fe"))
        for id in ids where !files.fileExists(atPath: work.appendingPathComponent("features/\(id).mfc").path) {
            throw AdaptationError.toolFailed(
                tool: "sphinx_fe", status: 0, lastLines: TrainingTools.lastLines(of: log("sphinx_fe")))
        }
        return Workspace(
            base: base, work: work, textDefinition: textDefinition, mixtureWeights: mixtureWeights,
            parameters: parameters, ids: ids, transcripts: transcripts, started: started)
    }

    /// Trains on the dictations at `indices` of the workspace, into `folder` (`map/` and `mllr/`).
    public func train(
        _ workspace: Workspace, using indices: [Int], into folder: URL, clock: ContinuousClock = .init()
    ) async throws -> Result {
        let work = workspace.work
        let base = workspace.base
        let name = "train-\(UUID().uuidString.prefix(8))"
        let counts = work.appendingPathComponent(name, isDirectory: true)
        try PrivateDirectory.make(counts.path)
        func log(_ tool: String) -> URL { work.appendingPathComponent("logs/\(name)-\(tool).log") }
        let ids = indices.map { workspace.ids[$0] }
        try write(ids.joined(separator: "\n") + "\n", to: work.appendingPathComponent("\(name).fileids"))
        try write(
            indices.map { workspace.transcripts[$0] }.joined(separator: "\n") + "\n",
            to: work.appendingPathComponent("\(name).transcription"))
        let topology = workspace.parameters.contains("-model ptm") ? ".ptm." : ".semi."

        // bw's alignment: an utterance that cannot be aligned to its text is ignored (and counted here).
        try await tools.run(
            "bw",
            [
                "-hmmdir", base.path, "-moddeffn", workspace.textDefinition.path,
                "-mixwfn", workspace.mixtureWeights.path, "-ts2cbfn", topology, "-feat", "1s_c_d_dd",
                "-svspec", "0-12/13-25/26-38", "-cmn", "batch", "-agc", "none", "-dictfn", "train.dict",
                "-fdictfn", base.appendingPathComponent("noisedict").path, "-ctlfn", "\(name).fileids",
                "-lsnfn", "\(name).transcription", "-cepdir", "features", "-cepext", "mfc", "-accumdir", name,
            ], in: work, log: log("bw"))
        let ignored = Self.ignoredUtterances(in: (try? String(contentsOf: log("bw"), encoding: .utf8)) ?? "")

        let mapModel = folder.appendingPathComponent("map", isDirectory: true)
        try copyBase(base, to: mapModel)
        let mapWeights = work.appendingPathComponent("\(name)-map_mixture_weights")
        try await tools.run(
            "map_adapt",
            [
                "-moddeffn", workspace.textDefinition.path, "-ts2cbfn", topology,
                "-meanfn", base.appendingPathComponent("means").path,
                "-varfn", base.appendingPathComponent("variances").path, "-mixwfn", workspace.mixtureWeights.path,
                "-tmatfn", base.appendingPathComponent("transition_matrices").path, "-accumdir", name,
                "-mapmeanfn", mapModel.appendingPathComponent("means").path,
                "-mapvarfn", mapModel.appendingPathComponent("variances").path, "-mapmixwfn", mapWeights.path,
                "-maptmatfn", mapModel.appendingPathComponent("transition_matrices").path,
            ], in: work, log: log("map_adapt"))
        try await tools.run(
            "mk_s2sendump",
            [
                "-pocketsphinx", "yes", "-moddeffn", workspace.textDefinition.path, "-mixwfn", mapWeights.path,
                "-mwfloor", "1e-7", "-sendumpfn", mapModel.appendingPathComponent("sendump").path,
            ], in: work, log: log("mk_s2sendump"))

        let mllrModel = folder.appendingPathComponent("mllr", isDirectory: true)
        try copyBase(base, to: mllrModel, adapted: false)
        try await tools.run(
            "mllr_solve",
            [
                "-meanfn", base.appendingPathComponent("means").path,
                "-varfn", base.appendingPathComponent("variances").path,
                "-outmllrfn", mllrModel.appendingPathComponent(AdaptedModel.mllrFileName).path, "-accumdir", name,
            ], in: work, log: log("mllr_solve"))
        let elapsed = clock.now - workspace.started
        return Result(
            mapModel: mapModel, mllrModel: mllrModel, aligned: ids.count - ignored.count,
            unaligned: indices.filter { ignored.contains(workspace.ids[$0]) }, offered: ids.count,
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// The ids bw names in `… uNNNN ignored` (it could not align them to their text).
    static func ignoredUtterances(in log: String) -> Set<String> {
        var ids: Set<String> = []
        for line in log.split(separator: "\n") where line.hasSuffix(" ignored") {
            if let id = line.split(separator: " ").dropLast().last { ids.insert(String(id)) }
        }
        return ids
    }

    /// The base model's float mixture weights: its own file, else rebuilt from its sendump.
    private func baseMixtureWeights(of base: URL, work: URL) throws -> URL {
        let own = base.appendingPathComponent("mixture_weights")
        if FileManager.default.fileExists(atPath: own.path) { return own }
        let sendump = base.appendingPathComponent("sendump")
        guard FileManager.default.fileExists(atPath: sendump.path) else {
            throw AdaptationError.modelNotAdaptable(tr("it has neither mixture_weights nor sendump"))
        }
        let rebuilt = work.appendingPathComponent("base/mixture_weights")
        try MixtureWeights.rebuild(fromSendump: sendump, to: rebuilt)
        return rebuilt
    }

    /// A model folder made from the base's parts; an adapted one gets new means, variances, weights
    /// and transitions from training, an MLLR one keeps them all.
    private func copyBase(_ base: URL, to folder: URL, adapted: Bool = true) throws {
        let files = FileManager.default
        try PrivateDirectory.make(folder.path, creatingParents: true)
        let parts =
            adapted ? Self.keptParts : Self.keptParts + ["means", "variances", "transition_matrices", "sendump"]
        for part in parts {
            let source = base.appendingPathComponent(part)
            guard files.fileExists(atPath: source.path) else { continue }
            try copyPrivately(source, to: folder.appendingPathComponent(part))
        }
        if !adapted, !files.fileExists(atPath: base.appendingPathComponent("sendump").path) {
            try copyPrivately(
                base.appendingPathComponent("mixture_weights"), to: folder.appendingPathComponent("mixture_weights"))
        }
    }

    /// A copy that is 0600 from the start (a copy would take the base model's 0644).
    private func copyPrivately(_ source: URL, to destination: URL) throws {
        try PrivateFile.write(Array(try Data(contentsOf: source)), toNew: destination.path)
    }

    private func write(_ text: String, to url: URL) throws {
        try PrivateFile.write(Array(text.utf8), toNew: url.path)
    }
}
