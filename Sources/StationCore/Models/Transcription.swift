import Foundation

/// The text decoded from one dictation.
public struct Transcription: Sendable, Equatable {
    /// The text, with spoken punctuation already applied.
    public var text: String
    /// The locale of the model that decoded it, for example `en-US`.
    public var locale: String
    /// The length of the decoded audio.
    public var audioDuration: Duration
    /// The decoder's confidence from 0 to 1, where it gives one.
    public var confidence: Double?
    /// The decoder's words in order, without punctuation or formatting, with their times and confidence.
    public var words: [RecognizedWord]
    /// The decoder's words as `SpokenPunctuation` read them, with the language model's evidence of a
    /// sentence end after each (not stored with a report; for measuring where sentences end).
    public var spoken: [SpokenWord]

    public init(
        text: String, locale: String, audioDuration: Duration, confidence: Double? = nil, words: [RecognizedWord] = [],
        spoken: [SpokenWord] = []
    ) {
        self.text = text
        self.locale = locale
        self.audioDuration = audioDuration
        self.confidence = confidence
        self.words = words
        self.spoken = spoken
    }
}

/// A finished dictation handed to the station: its transcription and the audio it came from.
public struct FinishedDictation: Sendable, Equatable {
    public var sessionID: SessionID
    public var sessionName: String
    public var transcription: Transcription
    public var audioFile: URL
    public var recordedDuration: Duration

    public init(
        sessionID: SessionID, sessionName: String, transcription: Transcription, audioFile: URL,
        recordedDuration: Duration
    ) {
        self.sessionID = sessionID
        self.sessionName = sessionName
        self.transcription = transcription
        self.audioFile = audioFile
        self.recordedDuration = recordedDuration
    }
}
