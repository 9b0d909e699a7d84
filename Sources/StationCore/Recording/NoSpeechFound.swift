import Foundation
import Localization

/// A dictation whose transcription holds no word (silence, a muted or wrong microphone). It is not
/// stored: the session keeps it paused until the person sends it anyway, as an empty report with its
/// audio, or discards it.
public struct NoSpeechFound: Sendable, Equatable {
    /// How long the recording is.
    public var recorded: Duration
    /// The empty transcription, stored as it is when the person sends the dictation anyway.
    var transcription: Transcription
    /// The finished audio file it was decoded from.
    var audio: URL

    /// For example "No speech was recognized in 2 seconds — send anyway, or discard?"
    public var question: String {
        tr("No speech was recognized in \(TimeWords.duration(recorded)) — send anyway, or discard?")
    }
}

extension Transcription {
    /// Whether the decoder recognized any word: a letter or a digit. Spoken punctuation alone is none.
    public var hasSpeech: Bool {
        text.unicodeScalars.contains { CharacterSet.alphanumerics.contains($0) }
    }
}
