import Localization

/// The four states of a dictation, as in the recording flow this station ports.
public enum RecordingState: String, Sendable, CaseIterable, Codable {
    /// Idle; no recording in progress.
    case notRecording
    /// Capturing audio; the timer runs.
    case recording
    /// Captured audio is kept; it can be resumed, discarded or sent.
    case paused
    /// The sent recording is being stopped and transcribed.
    case processing

    /// The state in words, for screens and status lines.
    public var label: String {
        switch self {
        case .notRecording: tr("idle")
        case .recording: tr("recording")
        case .paused: tr("paused")
        case .processing: tr("processing")
        }
    }
}
