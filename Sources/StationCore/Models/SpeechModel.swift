import Foundation

/// The three parts PocketSphinx needs to decode a locale.
public struct SpeechModel: Sendable, Equatable {
    public var locale: String
    /// The acoustic model directory (mdef, means, variances, transition_matrices, feat.params, noisedict).
    public var acousticModel: URL
    /// The language model (`.lm` or `.lm.bin`).
    public var languageModel: URL
    /// The pronunciation dictionary.
    public var dictionary: URL
    /// Whether the model comes with the system (Debian's package) and cannot be removed from here.
    public var isSystem: Bool

    public init(locale: String, acousticModel: URL, languageModel: URL, dictionary: URL, isSystem: Bool) {
        self.locale = locale
        self.acousticModel = acousticModel
        self.languageModel = languageModel
        self.dictionary = dictionary
        self.isSystem = isSystem
    }
}

/// Written by the installer as `model.json` in `<models>/<locale>/`; names the parts relative to that folder.
public struct ModelManifest: Codable, Sendable, Equatable {
    public var locale: String
    public var acousticModel: String
    public var languageModel: String
    public var dictionary: String

    public init(locale: String, acousticModel: String, languageModel: String, dictionary: String) {
        self.locale = locale
        self.acousticModel = acousticModel
        self.languageModel = languageModel
        self.dictionary = dictionary
    }

    public static let fileName = "model.json"

    /// The model an installed folder holds.
    public func model(in folder: URL) -> SpeechModel {
        SpeechModel(
            locale: locale, acousticModel: folder.appendingPathComponent(acousticModel, isDirectory: true),
            languageModel: folder.appendingPathComponent(languageModel),
            dictionary: folder.appendingPathComponent(dictionary), isSystem: false)
    }
}
