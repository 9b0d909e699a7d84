import Foundation
import StationCore

/// The decoding model of a profile: an acoustic model folder in place of the base's, with the base's
/// language model and dictionary. An MLLR profile's folder holds `mllr_matrix`, which the decoder
/// applies (`-mllr`).
public enum AdaptedModel {
    public static let mllrFileName = "mllr_matrix"

    public static func speechModel(acousticModel folder: URL, base: SpeechModel) -> SpeechModel {
        SpeechModel(
            locale: base.locale, acousticModel: folder, languageModel: base.languageModel,
            dictionary: base.dictionary, isSystem: base.isSystem)
    }

    /// Sizes and modification times of the base acoustic model's parts: changes when it is replaced.
    public static func fingerprint(of acousticModel: URL) -> String {
        ["mdef", "means", "variances", "transition_matrices", "sendump", "mixture_weights"].compactMap { part in
            let path = acousticModel.appendingPathComponent(part).path
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
            let size = (attributes[.size] as? Int) ?? 0
            let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "\(part):\(size):\(Int(time))"
        }.joined(separator: ",")
    }
}

extension VoiceProfileStore {
    /// The model to decode `author`'s dictations in `base`'s locale with: their profile's when it is
    /// sound and trained from this very base, else `base` itself. No author: `base`.
    public func model(author: String?, base: SpeechModel) -> SpeechModel {
        guard let author, let record = record(author: author, locale: base.locale),
            record.baseModel == base.acousticModel.path,
            record.baseFingerprint == AdaptedModel.fingerprint(of: base.acousticModel),
            let model = modelFolder(author: author, locale: base.locale)
        else { return base }
        return AdaptedModel.speechModel(acousticModel: model, base: base)
    }
}
