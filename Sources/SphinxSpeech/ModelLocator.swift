import Foundation
import Localization
import StationCore

/// Finds the speech model that decodes a locale: one installed under the data directory, else the one
/// the system provides (Debian's `pocketsphinx-en-us`).
///
/// An installed model wins over the system's one: installing is a deliberate choice (a newer or a
/// domain model), while the system's model is only there by default. When the installed model is
/// broken but the system has one, the system's model is used, so a damaged install never stops a
/// dictation; with no usable model the error names the locale.
public struct ModelLocator: Sendable {
    /// `<data>/models`: one folder per locale, each holding `model.json`.
    public var modelsDirectory: URL
    /// Models that come with the system, by locale.
    public var systemModels: [SpeechModel]
    /// The clinic's words added to every decoder of their locale (`vocabulary`), none when nil.
    public var vocabulary: ClinicVocabulary?
    /// The clinic's text blocks and sections, said as commands (`SphinxEngine+Commands`).
    public var clinicText: ClinicTextFiles?
    /// Where the language models with the clinic's words and the spoken commands are written
    /// (`VocabularyLanguageModel`), when not the vocabulary's folder.
    public var languageModelFolder: URL?

    /// Where the language models with added words go; nil: nowhere, so the model's own is loaded and
    /// spoken commands are not weighed (`CommandWeights`).
    var languageModelCache: URL? { languageModelFolder ?? vocabulary?.languageModelCache }

    public init(modelsDirectory: URL, systemModels: [SpeechModel] = ModelLocator.debianModels) {
        self.modelsDirectory = modelsDirectory
        self.systemModels = systemModels
    }

    /// Debian's `pocketsphinx-en-us` package.
    public static let debianModels: [SpeechModel] = {
        let root = URL(fileURLWithPath: "/usr/share/pocketsphinx/model/en-us", isDirectory: true)
        return [
            SpeechModel(
                locale: "en-US", acousticModel: root.appendingPathComponent("en-us", isDirectory: true),
                languageModel: root.appendingPathComponent("en-us.lm.bin"),
                dictionary: root.appendingPathComponent("cmudict-en-us.dict"), isSystem: true)
        ]
    }()

    /// `en_us`, `EN-us` and `en-US` all name `en-US`.
    public static func canonical(_ locale: String) -> String {
        let parts = locale.replacingOccurrences(of: "_", with: "-").split(separator: "-", maxSplits: 1)
        guard let language = parts.first else { return locale }
        guard parts.count == 2 else { return language.lowercased() }
        return "\(language.lowercased())-\(parts[1].uppercased())"
    }

    /// The usable model for `locale`, or why there is none.
    public func model(for locale: String) throws(TranscriptionError) -> SpeechModel {
        let locale = Self.canonical(locale)
        var installedProblem: String?
        if let installed = installedModel(locale) {
            switch installed {
            case .success(let model):
                if let problem = Self.problem(with: model) {
                    installedProblem = problem
                } else {
                    return model
                }
            case .failure(let problem): installedProblem = problem.detail
            }
        }
        if let system = systemModel(for: locale) { return system }
        if let installedProblem { throw .modelBroken(locale: locale, detail: installedProblem) }
        if let system = systemModels.first(where: { Self.canonical($0.locale) == locale }),
            let problem = Self.problem(with: system)
        {
            throw .modelBroken(locale: locale, detail: problem)
        }
        throw .modelNotInstalled(locale: locale)
    }

    /// The system's complete model for `locale`, if there is one.
    public func systemModel(for locale: String) -> SpeechModel? {
        let locale = Self.canonical(locale)
        return systemModels.first { Self.canonical($0.locale) == locale && Self.problem(with: $0) == nil }
    }

    private struct ManifestProblem: Error { var detail: String }

    /// The installed model's manifest for `locale`, nil when nothing is installed for it.
    private func installedModel(_ locale: String) -> Result<SpeechModel, ManifestProblem>? {
        let folder = modelsDirectory.appendingPathComponent(locale, isDirectory: true)
        let manifest = folder.appendingPathComponent(ModelManifest.fileName)
        guard FileManager.default.fileExists(atPath: folder.path) else { return nil }
        guard let data = FileManager.default.contents(atPath: manifest.path) else {
            return .failure(ManifestProblem(detail: tr("\(ModelManifest.fileName) is missing")))
        }
        guard let decoded = try? JSONDecoder().decode(ModelManifest.self, from: data) else {
            return .failure(ManifestProblem(detail: tr("\(ModelManifest.fileName) is unreadable")))
        }
        return .success(decoded.model(in: folder))
    }

    /// What is missing from a model, or nil when all its parts are there.
    static func problem(with model: SpeechModel) -> String? {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        guard files.fileExists(atPath: model.acousticModel.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { return tr("the acoustic model folder is missing") }
        for part in ["mdef", "means", "variances", "transition_matrices"] {
            let path = model.acousticModel.appendingPathComponent(part).path
            guard files.fileExists(atPath: path) else { return tr("the acoustic model has no \(part)") }
        }
        for (part, url) in [(tr("language model"), model.languageModel), (tr("dictionary"), model.dictionary)] {
            let size = (try? files.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
            guard let size, size > 0 else { return tr("the \(part) is missing or empty") }
        }
        return nil
    }
}
