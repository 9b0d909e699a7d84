import Localization

/// What a person reads when a transcription fails: what went wrong and what to do.
extension TranscriptionError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .modelNotInstalled(let locale):
            tr("no speech model is installed for \(locale); install one, or choose another language")
        case .modelBroken(let locale, let detail):
            tr("the speech model for \(locale) is broken (\(detail)); reinstall it")
        case .unreadableAudio(let detail):
            tr("the recording cannot be read: \(detail)")
        case .decoderFailed(let detail):
            tr("the speech decoder failed: \(detail)")
        }
    }
}
