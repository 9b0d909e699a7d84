import Foundation
import SphinxSpeech
import StationCore

/// The station's decoder asks for an author's profile at every dictation: `model(author:base:)`
/// decides, so a profile installed or reset while the station runs counts from the next dictation on.
extension SpeakerProfiles: SpeakerModelChoosing {
    public func speakerModel(speaker: String, base: SpeechModel) -> SpeakerModel? {
        ProfileModels(profiles: self).speakerModel(speaker: speaker, base: base)
    }
}

/// The decoder's choice of profile from any `VoiceProfileStore`: the data directory's files, or the
/// clinic store's profiles through their local copy.
public struct ProfileModels: SpeakerModelChoosing {
    public var profiles: any VoiceProfileStore

    public init(profiles: any VoiceProfileStore) { self.profiles = profiles }

    public func speakerModel(speaker: String, base: SpeechModel) -> SpeakerModel? {
        let model = profiles.model(author: speaker, base: base)
        guard model != base, let record = profiles.record(author: speaker, locale: base.locale) else { return nil }
        let transform = model.acousticModel.appendingPathComponent(AdaptedModel.mllrFileName)
        let hasTransform = FileManager.default.fileExists(atPath: transform.path)
        // An MLLR record without its transform is in doubt: the stock model.
        if record.kind == .mllr, !hasTransform { return nil }
        return SpeakerModel(
            model: model, transform: record.kind == .mllr ? transform : nil,
            version: Self.version(of: record, model: model.acousticModel, transform: hasTransform ? transform : nil))
    }

    /// What changes when the profile is replaced in place: its record's kind and time, the model
    /// folder (a new training's is a new folder), its parts' sizes and times.
    static func version(of record: ProfileRecord, model: URL, transform: URL?) -> String {
        let files = FileManager.default
        let folder = (try? files.attributesOfItem(atPath: model.path)[.systemFileNumber] as? Int) ?? 0
        let transformTime =
            transform.flatMap { try? files.attributesOfItem(atPath: $0.path)[.modificationDate] as? Date }?
            .timeIntervalSince1970 ?? 0
        return [
            record.kind.rawValue, "\(record.created.timeIntervalSince1970)", "\(folder)", "\(transformTime)",
            AdaptedModel.fingerprint(of: model),
        ].joined(separator: " ")
    }
}
