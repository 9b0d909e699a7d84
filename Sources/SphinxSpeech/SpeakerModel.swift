import Foundation
import StationCore

/// A speaker's voice profile as the decoder uses it: a MAP-adapted acoustic model folder, loaded as a
/// decoder of its own, or an MLLR transform applied to the stock decoder.
public struct SpeakerModel: Sendable, Equatable {
    /// The profile's acoustic model folder (with the base's language model and dictionary).
    public var model: SpeechModel
    /// The MLLR transform (`mllr_matrix`) to apply to the base model's decoder; nil for a MAP profile.
    public var transform: URL?
    /// Changes whenever the profile is replaced in place (same folder, new training), so a decoder of
    /// the old one is never reused.
    public var version: String

    public init(model: SpeechModel, transform: URL?, version: String) {
        self.model = model
        self.transform = transform
        self.version = version
    }
}

/// Says which voice profile decodes a speaker's dictations on a base model. Asked at every decode, so
/// a profile installed or reset while the station runs is used (or dropped) from the next dictation on.
public protocol SpeakerModelChoosing: Sendable {
    /// `speaker`'s sound profile trained from `base`, or nil (no profile, or any doubt): the stock model.
    func speakerModel(speaker: String, base: SpeechModel) -> SpeakerModel?
}
